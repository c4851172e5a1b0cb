import fc from 'fast-check';
import * as z from 'zod/mini';

/**
 * fast-check arbitraries read from zod 4 (zod/mini) schemas, for the attacker suite. zod-fast-check stops at
 * zod 3, so this walks `schema._zod.def` itself. Two kinds of value:
 * - `validArbitrary`: aims at what the schema accepts (a best effort: callers ask the schema itself with
 *   `safeParse` whether a sample is valid, never this module);
 * - `hostileArbitrary`: valid values with one spot broken the way an attacker breaks it (wrong types, missing and
 *   extra fields, huge strings, boundary numbers, lone surrogates, NUL bytes, deep nesting, prototype keys).
 * The schemas' own kinds are all handled; an unknown kind throws, so a new kind cannot be skipped silently.
 */
type Schema = z.ZodMiniType;
type Check = { _zod: { def: CheckDef } };
type CheckDef = {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number | bigint;
  inclusive?: boolean;
  length?: number;
};
type Def = CheckDef & {
  type: string;
  checks?: Check[];
  shape?: Record<string, Schema>;
  innerType?: Schema;
  element?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  in?: Schema;
  out?: Schema;
  options?: Schema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
};

export const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => [...(def.check ? [def] : []), ...(def.checks ?? []).map((c) => c._zod.def)];

/** The text an attacker sends to break a string field's well-formedness: a high surrogate with no partner. */
export const LONE_SURROGATE = '\ud800';
/** Longer than any field's bound (the largest, long texts, is 20,000) and well inside the gateway's 10 MB. */
export const HUGE_LENGTH = 100_001;
/** Deeper than any schema nests; parsers that recurse must not fall over. */
const DEEP = 2_000;

/** Bounds of a string schema (length checks and the regex/format it must match). */
const stringBounds = (def: Def) => {
  let min = 0;
  let max: number | undefined;
  let pattern: RegExp | undefined;
  let format: string | undefined = def.format;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum ?? 0);
    if (check.check === 'max_length') max = Math.min(max ?? Infinity, check.maximum ?? Infinity);
    if (check.check === 'length_equals') min = max = check.length ?? 0;
    if (check.check === 'string_format') {
      format = check.format ?? format;
      if (check.format === 'regex' && check.pattern) pattern = check.pattern;
    }
  }
  return { min, max, pattern, format };
};

const numberBounds = (def: Def) => {
  let min = -1e9;
  let max = 1e9;
  let int = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') min = Number(check.value) + (check.inclusive ? 0 : 1);
    if (check.check === 'less_than') max = Number(check.value) - (check.inclusive ? 0 : 1);
    if (check.check === 'number_format' && /int/.test(check.format ?? '')) int = true;
  }
  return { min, max, int };
};

const isOptional = (schema: Schema) => ['optional', 'default', 'prefault'].includes(defOf(schema).type);

/** The schema's type after pipes and wrappers, from the input side (what a client sends). */
const inputBase = (schema: Schema): Def => {
  const def = defOf(schema);
  if (def.type === 'pipe') return inputBase(def.in!);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch'].includes(def.type)) return inputBase(def.innerType!);
  return def;
};

const validString = (def: Def): fc.Arbitrary<string> => {
  const { min, max, pattern, format } = stringBounds(def);
  if (format === 'email') {
    return fc.tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.stringMatching(/^[a-z]{2,10}$/)).map(([user, host]) => `${user}@${host}.example.com`);
  }
  if (format === 'url') return fc.webUrl({ validSchemes: ['https'], size: 'small' });
  if (format === 'datetime') {
    return fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
  }
  if (pattern) return fc.stringMatching(pattern, { size: 'small' }).filter((s) => s.length >= min && s.length <= (max ?? Infinity));
  const upper = Math.min(max ?? 40, Math.max(min, 40));
  // Trimmed fields count length after the trim, so a valid value has no outer space.
  return fc
    .string({ unit: 'grapheme', minLength: min, maxLength: upper })
    .map((s) => s.trim())
    .filter((s) => s.length >= min && s.length <= upper);
};

/** Numbers a person types: whole, or with two decimals (odd doubles are the hostile side's business). */
const validNumber = (def: Def): fc.Arbitrary<number> => {
  const { min, max, int } = numberBounds(def);
  if (int) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((cents) => cents / 100);
};

/** A value the schema should accept. */
export const validArbitrary = (schema: Schema): fc.Arbitrary<unknown> => {
  // A schema whose rule no pattern describes (a time zone) names examples of valid values.
  const examples = (z.globalRegistry.get(schema as never) as { examples?: unknown[] } | undefined)?.examples;
  if (examples?.length) return fc.constantFrom(...examples);
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return validString(def);
    case 'number':
      return validNumber(def);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries!));
    case 'literal':
      return fc.constantFrom(...def.values!);
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(validArbitrary(def.innerType!), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(validArbitrary(def.innerType!), { nil: null, freq: 3 });
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return validArbitrary(def.innerType!);
    case 'union':
      return fc.oneof(...def.options!.map(validArbitrary));
    case 'array': {
      const { min, max } = stringBounds(def);
      return fc.array(validArbitrary(def.element!), { minLength: min, maxLength: Math.min(max ?? 4, Math.max(min, 4)) });
    }
    case 'record':
      return fc.dictionary(validArbitrary(def.keyType!) as fc.Arbitrary<string>, validArbitrary(def.valueType!), { maxKeys: 3 });
    case 'object': {
      const shape = def.shape!;
      const keys = Object.keys(shape);
      const model = Object.fromEntries(keys.map((key) => [key, validArbitrary(shape[key]!)]));
      return fc.record(model, { requiredKeys: keys.filter((key) => !isOptional(shape[key]!)) }).map(withoutUndefined);
    }
    case 'pipe':
      return validPipe(def);
    default:
      throw new Error(`zod-arbitrary: no generator for schema kind "${def.type}"`);
  }
};

/**
 * A pipe's input: a query string turned into a list ("a,b") or a number ("42") is generated from its output
 * side and written back as the string a client sends.
 */
const validPipe = (def: Def): fc.Arbitrary<unknown> => {
  const from = inputBase(def.in!);
  const to = defOf(def.out!);
  if (from.type === 'string' && to.type === 'array') return fc.array(validArbitrary(to.element!), { minLength: 1, maxLength: 3 }).map((items) => items.join(','));
  if (from.type === 'string' && to.type === 'number') {
    // A number in a query string: whole, as `limit=20`.
    const { min, max } = numberBounds(to);
    return fc.integer({ min: Math.ceil(min), max: Math.floor(max) }).map(String);
  }
  return validArbitrary(def.in!);
};

const withoutUndefined = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

/**
 * Doubles JSON carries that a store may not: the smallest subnormal, far below DynamoDB's 1e-130, and more
 * significant digits than its 38.
 */
export const ODD_NUMBERS: readonly number[] = [Number.MIN_VALUE, 1e-200, 1 / 3, 0.1 + 0.2, 1.0000000000000002];

/** Strings that break something: encoding, bounds, parsers, or code that trusts what it reads. */
const hostileStrings = (def: Def | undefined): fc.Arbitrary<string> => {
  const { max } = def ? stringBounds(def) : { max: undefined };
  return fc.oneof(
    fc.constantFrom(
      LONE_SURROGATE,
      `Business${LONE_SURROGATE}`,
      '\udc00x',
      'a\u0000b',
      '\u0000',
      '',
      '   ',
      '\u202Eevil',
      '__proto__',
      'constructor',
      '../../../etc/passwd',
      "' OR '1'='1",
      '<script>alert(1)</script>',
      '${jndi:ldap://x}',
      '%00%ED%A0%80',
      'https://169.254.169.254/latest/meta-data/',
      '🦄'.repeat(50),
    ),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.string().map((s) => `${s}${LONE_SURROGATE}`),
    fc.constant('x'.repeat(HUGE_LENGTH)),
    ...(max !== undefined ? [fc.constant('y'.repeat(max + 1))] : []),
  );
};

const hostileNumbers = (def: Def | undefined): fc.Arbitrary<unknown> => {
  const { min, max, int } = def ? numberBounds(def) : { min: 0, max: 0, int: false };
  return fc.constantFrom<unknown>(
    min - 1,
    max + 1,
    min,
    max,
    ...(int ? [min + 0.5] : []),
    -0,
    -1,
    1e308,
    -1e308,
    2 ** 53 + 2,
    ...ODD_NUMBERS,
    '1',
    '1e3',
  );
};

/** A value of some other JSON type, or a structure nobody expects. */
const wrongType = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, '', 'text', [], {}, [null], { '': '' }),
    fc.constant(deepArray(DEEP)),
    fc.constant(deepObject(DEEP)),
    fc.constant(protoObject()),
    fc.jsonValue({ maxDepth: 3 }),
  );

const deepArray = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};
const deepObject = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};
/** An object with an own `__proto__` key (what JSON.parse makes of `{"__proto__": …}`). */
const protoObject = () => JSON.parse('{"__proto__":{"isAdmin":true,"role":"admin"},"constructor":{"prototype":{"polluted":1}}}') as unknown;

/** Something broken in place of a value of this schema (the schema's own kind first, then anything). */
const hostileLeaf = (schema: Schema): fc.Arbitrary<unknown> => {
  const def = inputBase(schema);
  if (def.type === 'string') return fc.oneof({ weight: 3, arbitrary: hostileStrings(def) }, { weight: 1, arbitrary: wrongType() });
  if (def.type === 'number') return fc.oneof({ weight: 3, arbitrary: hostileNumbers(def) }, { weight: 1, arbitrary: wrongType() });
  return fc.oneof(hostileStrings(undefined), hostileNumbers(undefined), wrongType());
};

/**
 * A value of the schema broken at one spot: the whole value replaced, or (objects) one field broken, a required
 * field missing, unknown fields added; (arrays) one element broken, one element too many.
 */
export const hostileArbitrary = (schema: Schema): fc.Arbitrary<unknown> => {
  const def = inputBase(schema);
  if (def.type === 'object') {
    const shape = def.shape!;
    const keys = Object.keys(shape);
    const valid = validArbitrary(schema) as fc.Arbitrary<Record<string, unknown>>;
    const required = keys.filter((key) => !isOptional(shape[key]!));
    const variants: fc.Arbitrary<unknown>[] = [
      hostileLeaf(schema),
      fc.tuple(valid, fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'workspace_uid', 'owner', 'role', 'isAdmin')), wrongType(), { minKeys: 1, maxKeys: 3 }))
        .map(([value, extra]) => ({ ...JSON.parse(JSON.stringify(extra)), ...value })),
    ];
    if (keys.length) {
      variants.push(
        fc.tuple(valid, fc.constantFrom(...keys)).chain(([value, key]) => hostileArbitrary(shape[key]!).map((broken) => ({ ...value, [key]: broken }))),
      );
    }
    if (required.length) {
      variants.push(fc.tuple(valid, fc.constantFrom(...required)).map(([value, key]) => withoutUndefined({ ...value, [key]: undefined })));
    }
    return fc.oneof(...variants);
  }
  if (def.type === 'array') {
    const { max } = stringBounds(def);
    const valid = validArbitrary(defOf(schema).type === 'array' ? schema : unwrap(schema)) as fc.Arbitrary<unknown[]>;
    return fc.oneof(
      hostileLeaf(schema),
      fc.tuple(valid, hostileArbitrary(def.element!)).map(([items, broken]) => [...items, broken]),
      ...(max !== undefined ? [fc.array(validArbitrary(def.element!), { minLength: max + 1, maxLength: max + 1 })] : []),
    );
  }
  return hostileLeaf(schema);
};

const unwrap = (schema: Schema): Schema => {
  const def = defOf(schema);
  return def.innerType ? unwrap(def.innerType) : def.type === 'pipe' ? unwrap(def.in!) : schema;
};

/** Mostly broken values, some valid ones, so a run sees both the refusals and the paths behind validation. */
export const attackArbitrary = (schema: Schema): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 1, arbitrary: validArbitrary(schema) }, { weight: 3, arbitrary: hostileArbitrary(schema) });

const samples = new WeakMap<Schema, Map<number, unknown>>();

/**
 * A deterministic valid value of `schema` (the first sample of `seed` that the schema itself accepts), made once
 * per schema and seed: callers get a fresh copy each time.
 */
export const validSample = <S extends Schema>(schema: S, seed = 1): z.input<S> => {
  const bySeed = samples.get(schema) ?? new Map<number, unknown>();
  samples.set(schema, bySeed);
  if (!bySeed.has(seed)) {
    const arbitrary = validArbitrary(schema);
    for (let batch = 0; batch < 10 && !bySeed.has(seed); batch++) {
      const values = fc.sample(arbitrary, { seed: seed + batch, numRuns: 20 });
      const index = values.findIndex((value) => schema.safeParse(value).success);
      if (index >= 0) bySeed.set(seed, values[index]);
    }
    if (!bySeed.has(seed)) throw new Error('zod-arbitrary: no valid sample in 200 tries');
  }
  return structuredClone(bySeed.get(seed)) as z.input<S>;
};

/** Paths of every string a client sends in a value of this schema (array elements as index 0; pipes from their input). */
export const stringPaths = (schema: Schema): (string | number)[][] => leafPaths(schema, 'string');

/** Paths of every leaf of one kind ('string', 'number', ...) in a value of this schema, as `stringPaths`. */
export const leafPaths = (schema: Schema, kind: string, prefix: (string | number)[] = []): (string | number)[][] => {
  const def = defOf(schema);
  const walk = (child: Schema, at: (string | number)[]) => leafPaths(child, kind, at);
  if (def.type === kind) return [prefix];
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return walk(def.innerType!, prefix);
    case 'pipe':
      return walk(def.in!, prefix);
    case 'array':
      return walk(def.element!, [...prefix, 0]);
    case 'object':
      return Object.entries(def.shape!).flatMap(([key, child]) => walk(child, [...prefix, key]));
    case 'record':
      return walk(def.valueType!, [...prefix, 'key']);
    case 'union':
      return def.options!.flatMap((option) => walk(option, prefix));
    default:
      return [];
  }
};

/** The schema at a path (array index 0 for elements), so a test can build a valid value to put there. */
export const schemaAt = (schema: Schema, path: (string | number)[]): Schema => {
  if (!path.length) return schema;
  const def = defOf(schema);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch'].includes(def.type)) return schemaAt(def.innerType!, path);
  if (def.type === 'pipe') return schemaAt(def.in!, path);
  const [head, ...rest] = path;
  if (def.type === 'array') return schemaAt(def.element!, rest);
  if (def.type === 'object' && Object.hasOwn(def.shape!, head as string)) return schemaAt(def.shape![head as string]!, rest);
  if (def.type === 'record') return schemaAt(def.valueType!, rest);
  // A union (e.g. one body shape per integration type): the first option that has the path.
  if (def.type === 'union') {
    for (const option of def.options!) {
      try {
        return schemaAt(option, path);
      } catch {
        // Not in this option; try the next.
      }
    }
  }
  throw new Error(`zod-arbitrary: no path ${path.join('.')} in a ${def.type}`);
};

/** A copy of `value` with `replacement` at `path`, creating objects and one-element arrays on the way. */
export const setAt = (value: unknown, path: (string | number)[], replacement: unknown): unknown => {
  if (!path.length) return replacement;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const items = Array.isArray(value) && value.length ? [...value] : [undefined];
    items[head] = setAt(items[head], rest, replacement);
    return items;
  }
  const object = value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  object[head!] = setAt(object[head!], rest, replacement);
  return object;
};

/** The string-length bound a string schema declares (undefined: unbounded), with its pattern/format. */
export const stringBoundsOf = (schema: Schema) => stringBounds(defOf(schema));
