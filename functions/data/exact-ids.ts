/**
 * ElectroDB case-folds key values, so a get or query by `Abc` reaches the items stored under `abc`. Ids are
 * case-sensitive (server-made base64 or ULIDs): an id in another case is another id. Every lookup by an id a
 * request names keeps only the items whose own attributes are exactly those ids. Stored keys stay as they are
 * (changing the casing would orphan every existing item).
 */
type Ids<T> = { [K in keyof T]?: T[K] };

const matches = <T extends object>(item: T, ids: Ids<T>) =>
  (Object.keys(ids) as (keyof T)[]).every((key) => ids[key] === undefined || item[key] === ids[key]);

/** The item, if it is stored under exactly these ids. */
export const exactly = <T extends object>(item: T | null | undefined, ids: Ids<T>): T | undefined => (item && matches(item, ids) ? item : undefined);

/** The items stored under exactly these ids (a query by a case-folded partition returns the other cases' too). */
export const allExactly = <T extends object>(items: readonly T[], ids: Ids<T>): T[] => items.filter((item) => matches(item, ids));

/**
 * The condition of a write by key that must reach only the item of exactly these ids: each id attribute equals
 * the id sent (the key alone reaches the item of another case).
 */
export const sameIds = <K extends string>(attr: Record<K, unknown>, eq: (attribute: never, value: string) => string, ids: NoInfer<Partial<Record<K, string>>>) =>
  (Object.keys(ids) as K[]).map((key) => eq(attr[key] as never, ids[key]!)).join(' AND ');
