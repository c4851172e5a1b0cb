import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { routeList } from '#shared/routes';
import { DYNAMO_MAX_NUMBER, number, text, wellFormed } from '#shared/schemas/common';

/**
 * Every string a user sends is well-formed Unicode and bounded, at the schema: the route table's params, query
 * and body schemas are walked down to each string they hold, and each must refuse a lone surrogate (it made the
 * Stripe SDK throw a URIError: a 500) and a megabyte (the checkout's userId took one).
 */
type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodMiniType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

type Leaf = { path: string; schema: z.ZodMiniType };

/**
 * Each schema of type `leaf` inside `schema`, with its path. A pipe is walked on both ends: a query's digits
 * are a string that becomes a number, and both must refuse what they should. A schema type the walk does not
 * know fails the test, so a new kind of field cannot slip past unchecked.
 */
const leavesOf = (leaf: 'string' | 'number', schema: z.ZodMiniType, path: string): Leaf[] => {
  const def = defOf(schema);
  const walk = (inner: unknown, at: string) => leavesOf(leaf, inner as z.ZodMiniType, at);
  if (def.type === leaf) return [{ path, schema }];
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodMiniType>).flatMap(([key, inner]) => walk(inner, `${path}.${key}`));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
      return walk(def.innerType, path);
    case 'array':
      return walk(def.element, `${path}[]`);
    case 'pipe':
      return [...walk(def.in, path), ...walk(def.out, path)];
    case 'union':
      return (def.options as z.ZodMiniType[]).flatMap((option, i) => walk(option, `${path}|${i}`));
    case 'record':
      return [...walk(def.keyType, `${path}{key}`), ...walk(def.valueType, `${path}{}`)];
    case 'string':
    case 'number':
    case 'enum':
    case 'literal':
    case 'boolean':
    case 'transform':
    // The Stripe webhook's body: its signature is checked over the raw bytes, and nothing in it is used as sent.
    case 'unknown':
      return [];
    default:
      throw new Error(`${path}: a schema of type ${def.type} the walk does not know`);
  }
};

const requestLeaves = (leaf: 'string' | 'number') =>
  routeList.flatMap((route) => (['params', 'query', 'body'] as const).flatMap((part) => leavesOf(leaf, route[part], `${route.id} ${part}`)));

const requestStrings = requestLeaves('string');

describe('strings a user sends', () => {
  it('are found in the route table (the walk reaches them)', () => {
    expect(requestStrings.length).toBeGreaterThan(60);
    expect(requestStrings.map((s) => s.path)).toEqual(expect.arrayContaining(['create-checkout-session body.userId', 'create-task body.summary']));
  });

  it.each(requestStrings.map((s) => [s.path, s.schema] as const))('%s refuses a lone surrogate', (_path, schema) => {
    for (const malformed of ['a\ud800', '\udc00', 'x\ud83d', 'https://example.com/\ud800']) expect(schema.safeParse(malformed).success).toBe(false);
  });

  it.each(requestStrings.map((s) => [s.path, s.schema] as const))('%s refuses a megabyte', (_path, schema) => {
    expect(schema.safeParse('a'.repeat(1024 * 1024)).success).toBe(false);
  });
});

const requestNumbers = requestLeaves('number');

/**
 * Every number a user sends is one DynamoDB can store, at the schema: a magnitude under 1e-130 or over ~1e126 is
 * refused by the table ("Number underflow"), which answered 500 to an estimate of 1e-200. So each number field
 * refuses what is too small to store, too large to store, and what is not a number at all.
 */
describe('numbers a user sends', () => {
  it('are found in the route table (the walk reaches them)', () => {
    expect(requestNumbers.map((n) => n.path)).toEqual(
      expect.arrayContaining(['create-task body.estimate', 'update-task body.estimate', 'bulk-create-tasks body.tickets[].estimate', 'create-checkout-session body.seats']),
    );
  });

  const unstorable = [1e-200, -1e-200, 5e-324, -5e-324, 1e-131, 1e126, -1e126, 1e308, Number.MAX_VALUE, Infinity, -Infinity, NaN];
  it.each(requestNumbers.map((n) => [n.path, n.schema] as const))('%s refuses numbers DynamoDB cannot store', (_path, schema) => {
    for (const value of unstorable) expect(schema.safeParse(value).success, String(value)).toBe(false);
  });
});

describe('number()', () => {
  it('takes values within its bounds at its precision, and says what is wrong otherwise', () => {
    const hours = number(0, 10_000, { decimals: 2, unit: 'hours' });
    for (const value of [0, 1, 0.25, 1.5, 9999.99, 10_000]) expect(hours.safeParse(value).success, String(value)).toBe(true);
    const messages = (value: number) => hours.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(messages(1e-200)).toEqual(['must have at most 2 decimal places']);
    expect(messages(0.1 + 0.2)).toEqual(['must have at most 2 decimal places']);
    expect(messages(-1)).toEqual(['must be at least 0 hours']);
    expect(messages(10_000.5)).toEqual(['must be at most 10000 hours']);
    expect(number(0, 10).safeParse(1.5).error?.issues.map((issue) => issue.message)).toEqual(['must be a whole number']);
  });

  it('cannot be declared with bounds or a precision DynamoDB cannot store', () => {
    expect(() => number(0, 1e200)).toThrow();
    expect(() => number(0, DYNAMO_MAX_NUMBER)).not.toThrow();
    expect(() => number(0, 1, { decimals: 200 })).toThrow();
  });
});

describe('text()', () => {
  it('takes well-formed text up to its bound, emoji (surrogate pairs) included, trimmed when asked', () => {
    expect(text(10).safeParse('🚀 launch').success).toBe(true);
    expect(text(3).safeParse('abcd').success).toBe(false);
    expect(text(5, { trim: true, required: true }).parse('  hi  ')).toBe('hi');
    expect(text(5, { trim: true, required: true }).safeParse('   ').success).toBe(false);
  });

  it('says what is wrong with malformed text', () => {
    const result = text(10).check(wellFormed).safeParse('a\ud800');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must be well-formed text (no lone surrogates)');
  });
});
