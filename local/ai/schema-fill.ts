import { mulberry32 } from '../random';

/**
 * Deterministic JSON for any JSON schema (draft 2020-12 as zod writes it, and the subset OpenAI's strict mode
 * takes): objects with every property, arrays within their item bounds, strings within their lengths and formats,
 * numbers within their bounds, enums and consts, anyOf/oneOf (the first branch that works), allOf (merged),
 * $ref into $defs/definitions, nullable type lists. Text is drawn from `words` (the prompt's), so an answer reads
 * related to its input, and the same prompt gives the same answer.
 */
export type JsonSchema = Record<string, unknown>;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type FillOptions = { words: readonly string[]; seed: number };

const FALLBACK_WORDS = ['local', 'test', 'model', 'answer', 'brand', 'content', 'idea', 'draft'];


export const hashText = (text: string) => {
  let hash = 2_166_136_261;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 16_777_619);
  return hash >>> 0;
};

export const fillSchema = (root: JsonSchema, options: FillOptions): Json => {
  const next = mulberry32(options.seed);
  const words = options.words.length ? options.words : FALLBACK_WORDS;
  let cursor = Math.floor(next() * words.length);
  const takeWords = (count: number) => {
    const picked: string[] = [];
    for (let index = 0; index < count; index++) picked.push(words[cursor++ % words.length]);
    return picked;
  };

  const resolveRef = (ref: string): JsonSchema => {
    if (ref === '#') return root;
    const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
    const defs = match ? (root[match[1]] as Record<string, JsonSchema> | undefined) : undefined;
    const found = match && defs?.[decodeURIComponent(match[2]).replace(/~1/g, '/').replace(/~0/g, '~')];
    if (!found) throw new Error(`Unresolvable $ref ${ref}`);
    return found;
  };

  const text = (schema: JsonSchema, key: string | undefined): string => {
    const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
    const max = typeof schema.maxLength === 'number' ? schema.maxLength : Math.max(min, 160);
    const format = schema.format;
    let value: string;
    if (format === 'email') value = `${takeWords(1)[0].toLowerCase().replace(/[^a-z0-9]/g, '') || 'someone'}@example.com`;
    else if (format === 'uri' || format === 'url') value = `https://example.com/${takeWords(2).join('-').toLowerCase().replace(/[^a-z0-9-]/g, '')}`;
    else if (format === 'date-time') value = '2026-01-05T09:00:00.000Z';
    else if (format === 'date') value = '2026-01-05';
    else if (format === 'time') value = '09:00:00';
    else if (format === 'uuid') value = '00000000-0000-4000-8000-000000000000';
    else {
      // Titles and names short, everything else a sentence.
      const short = key !== undefined && /name|title|label|tag|hook|handle|keyword|pillar|topic/i.test(key);
      const sentence = takeWords(short ? 3 + Math.floor(next() * 3) : 8 + Math.floor(next() * 10)).join(' ');
      value = sentence.charAt(0).toUpperCase() + sentence.slice(1) + (short ? '' : '.');
    }
    if (value.length > max) value = value.slice(0, max).trimEnd();
    while (value.length < min) value += ` ${takeWords(1)[0]}`;
    return value.length > max ? value.slice(0, max) : value;
  };

  const numberIn = (schema: JsonSchema, integer: boolean): number => {
    const floor = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + (integer ? 1 : 1e-6) : undefined;
    const ceiling = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - (integer ? 1 : 1e-6) : undefined;
    let low = floor ?? Math.min(0, (ceiling ?? 0) - 100);
    let high = ceiling ?? low + 100;
    if (integer) {
      low = Math.ceil(low);
      high = Math.floor(high);
    }
    if (high < low) high = low;
    const step = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : integer ? 1 : undefined;
    if (step) {
      const first = Math.ceil(low / step);
      const last = Math.floor(high / step);
      const pick = first + Math.floor(next() * (Math.max(last, first) - first + 1));
      return Number((pick * step).toFixed(10));
    }
    return Math.round((low + next() * (high - low)) * 100) / 100;
  };

  const mergeAll = (schemas: JsonSchema[]): JsonSchema =>
    schemas.reduce<JsonSchema>((merged, part) => {
      const resolved = typeof part.$ref === 'string' ? resolveRef(part.$ref) : part;
      return {
        ...merged,
        ...resolved,
        properties: { ...(merged.properties as object), ...(resolved.properties as object) },
        required: [...((merged.required as string[]) ?? []), ...((resolved.required as string[]) ?? [])],
      };
    }, {});

  const value = (schema: JsonSchema | boolean | undefined, key: string | undefined, depth: number): Json => {
    if (schema === undefined || schema === true) return text({}, key);
    if (schema === false) return null;
    if (depth > 12) return null;
    if (typeof schema.$ref === 'string') return value({ ...resolveRef(schema.$ref), ...withoutRef(schema) }, key, depth + 1);
    if ('const' in schema) return schema.const as Json;
    if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[Math.floor(next() * schema.enum.length)] as Json;
    if (Array.isArray(schema.allOf)) return value({ ...mergeAll(schema.allOf as JsonSchema[]), ...withoutKey(schema, 'allOf') }, key, depth + 1);
    const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
    if (Array.isArray(branches) && branches.length) {
      // The first non-null branch: a nullable field still gets a value, which reads better.
      const branch = branches.find((candidate) => candidate.type !== 'null') ?? branches[0];
      return value({ ...withoutKey(withoutKey(schema, 'anyOf'), 'oneOf'), ...branch }, key, depth + 1);
    }
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];
    const type = types.find((candidate) => candidate !== 'null') ?? types[0] ?? (schema.properties ? 'object' : schema.items ? 'array' : 'string');
    switch (type) {
      case 'object': {
        const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
        const out: Record<string, Json> = {};
        for (const [name, property] of Object.entries(properties)) out[name] = value(property, name, depth + 1);
        const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
        const extra = typeof schema.additionalProperties === 'object' ? (schema.additionalProperties as JsonSchema) : undefined;
        for (let index = Object.keys(out).length; index < minProperties; index++) out[`${takeWords(1)[0]}_${index}`] = value(extra, undefined, depth + 1);
        return out;
      }
      case 'array': {
        const prefix = Array.isArray(schema.prefixItems) ? (schema.prefixItems as JsonSchema[]) : [];
        const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
        const max = typeof schema.maxItems === 'number' ? schema.maxItems : Math.max(min, 3);
        const count = Math.max(prefix.length, Math.min(max, Math.max(min, Math.min(3, max))));
        const items: Json[] = [];
        for (let index = 0; index < count; index++) {
          items.push(value(index < prefix.length ? prefix[index] : (schema.items as JsonSchema | undefined), key, depth + 1));
        }
        if (schema.uniqueItems) return uniqueFill(items, () => value(schema.items as JsonSchema, key, depth + 1));
        return items;
      }
      case 'integer':
        return numberIn(schema, true);
      case 'number':
        return numberIn(schema, false);
      case 'boolean':
        return next() < 0.5;
      case 'null':
        return null;
      default:
        return text(schema, key);
    }
  };

  return value(root, undefined, 0);
};

const withoutKey = (schema: JsonSchema, key: string) => Object.fromEntries(Object.entries(schema).filter(([name]) => name !== key));
const withoutRef = (schema: JsonSchema) => withoutKey(schema, '$ref');

/** Unique items: draw again (a few times) for a duplicate. */
const uniqueFill = (items: Json[], draw: () => Json) => {
  const seen = new Set<string>();
  return items.map((item) => {
    let candidate = item;
    for (let attempt = 0; attempt < 10 && seen.has(JSON.stringify(candidate)); attempt++) candidate = draw();
    seen.add(JSON.stringify(candidate));
    return candidate;
  });
};

/** The words of a prompt a filled answer draws from: letters and digits, markers and very short words left out. */
export const promptWords = (text: string) =>
  text
    .replace(/\[\[ai-emulator:[a-z-]+\]\]/g, ' ')
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter((word) => word.length > 2)
    .slice(0, 400);
