/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` bodies (and query strings) with bracketed keys,
 * as the SDK writes them: `line_items[0][price]=p&expand[0]=data.product&metadata[workspaceId]=w`. Numeric
 * brackets (and empty ones, `expand[]`) make arrays; named ones make objects.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const pathOf = (key: string): string[] => {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const parts = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1]);
  return parts;
};

const isIndex = (part: string) => part === '' || /^\d+$/.test(part);

/** Decodes a query string or form body into nested objects and arrays. */
export const decodeForm = (text: string): FormObject => {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = pathOf(key);
    let node: FormObject | FormValue[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const container = node as Record<string, FormValue> & FormValue[];
      const slot: string | number = Array.isArray(node) ? (part === '' ? node.length : Number(part)) : part;
      if (last) {
        container[slot as never] = value as never;
        return;
      }
      const next = path[i + 1];
      container[slot as never] ??= (isIndex(next) ? [] : {}) as never;
      node = container[slot as never] as unknown as FormObject | FormValue[];
    });
  }
  return root;
};

/** A list param (`expand[]`, `lookup_keys[]`) as strings. */
export const listOf = (value: FormValue | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : Object.values(value).filter((v): v is string => typeof v === 'string');

/** A map param (`metadata[...]`) as strings. */
export const mapOf = (value: FormValue | undefined): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};

/** An array of objects param (`line_items[0][...]`). */
export const objectsOf = (value: FormValue | undefined): FormObject[] =>
  (Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : []).filter(
    (v): v is FormObject => !!v && typeof v === 'object' && !Array.isArray(v),
  );

export const stringOf = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
export const intOf = (value: FormValue | undefined): number | undefined => {
  const text = stringOf(value);
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  return Number.isInteger(n) ? n : undefined;
};
export const boolOf = (value: FormValue | undefined): boolean | undefined =>
  value === 'true' ? true : value === 'false' ? false : undefined;
