import { ValidationError } from './errors';

/**
 * The task list's paging, pure: several index streams (one Query per status, or per project and status) are
 * merged by sort key and cut at the page size, and the cursor is the sort-key position where the page stopped.
 * The cursor is stateless: the next page asks every stream again for keys beyond it.
 */

export type SortOrder = 'asc' | 'desc';
/** `updated`: the byOpen/byStatus/byProjectStatus indexes (sort key updatedAt, taskId); `due`: byDueDate (calendarDay, taskId). */
export type ListMode = 'updated' | 'due';

/**
 * A place in an index's sort order: the sort key's two composites, case-folded as ElectroDB writes keys (so two
 * positions compare like the stored keys do). `id` absent: before every task at `at` (a range bound).
 */
export type Position = { at: string; id?: string };

export const positionOf = (at: string, id?: string): Position => ({ at: at.toLowerCase(), ...(id !== undefined ? { id: id.toLowerCase() } : {}) });

/** Ascending key order; a bound without id sorts before every task at the same `at`. */
export const comparePositions = (a: Position, b: Position): number => {
  if (a.at !== b.at) return a.at < b.at ? -1 : 1;
  if (a.id === b.id) return 0;
  if (a.id === undefined) return -1;
  if (b.id === undefined) return 1;
  return a.id < b.id ? -1 : 1;
};

/** Order-aware: negative when `a` comes first in the list's order. */
export const inListOrder = (order: SortOrder) => (a: Position, b: Position) => (order === 'asc' ? 1 : -1) * comparePositions(a, b);

/** What one stream read for a page: its matches in list order, whether it ran out, and how far it looked. */
export type StreamRead<T> = {
  items: T[];
  /** The index has nothing more for this stream beyond what was read. */
  exhausted: boolean;
  /** The position of the last item the stream evaluated (matching or not), when not exhausted. */
  lastEvaluated?: Position;
};

export type MergedPage<T> = { items: T[]; next?: Position };

/**
 * Merges the streams' matches into one page of at most `limit` items in list order.
 *
 * A stream that is not exhausted knows nothing beyond its last evaluated position (it stopped on the read budget,
 * or on having enough): an item of another stream further on may not be returned yet, or a match of this stream
 * that lies before it would be skipped. So the page stops at the nearest such horizon. The next position is the
 * page's last item when the page was cut at `limit`, else the horizon (possibly with a short or empty page),
 * else none: every stream is exhausted.
 */
export const mergeStreams = <T>(
  streams: readonly StreamRead<T>[],
  positionOfItem: (item: T) => Position,
  order: SortOrder,
  limit: number,
): MergedPage<T> => {
  const before = inListOrder(order);
  const horizon = streams
    .filter((s) => !s.exhausted && s.lastEvaluated)
    .map((s) => s.lastEvaluated!)
    .reduce<Position | undefined>((nearest, p) => (!nearest || before(p, nearest) < 0 ? p : nearest), undefined);
  const known = streams
    .flatMap((s) => s.items)
    .filter((item) => !horizon || before(positionOfItem(item), horizon) <= 0)
    .sort((a, b) => before(positionOfItem(a), positionOfItem(b)));
  if (known.length > limit) {
    const items = known.slice(0, limit);
    return { items, next: positionOfItem(items[items.length - 1]!) };
  }
  return { items: known, ...(horizon ? { next: horizon } : {}) };
};

/** The cursor handed to the client: which listing it continues and where. */
export type ListCursor = { mode: ListMode; order: SortOrder; after: Position };

const MODE_CODES: Record<ListMode, string> = { updated: 'u', due: 'd' };
const POSITION_AT = /^[0-9a-z:.+-]{1,40}$/;
const POSITION_ID = /^[a-z0-9_-]{1,64}$/;

export const encodeCursor = (cursor: ListCursor): string =>
  Buffer.from(JSON.stringify({ m: MODE_CODES[cursor.mode], o: cursor.order, a: cursor.after.at, i: cursor.after.id ?? null }), 'utf8').toString('base64url');

const badCursor = () => new ValidationError('cursor', 'cursor is not valid: start again from the first page');

/**
 * Reads a cursor from the client, which may have been tampered with: anything that is not one we made, or that
 * belongs to another listing (calendar vs status list, other order), is a 400 naming `cursor`.
 */
export const decodeCursor = (text: string, expected: { mode: ListMode; order: SortOrder }): Position => {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!raw || typeof raw !== 'object') throw badCursor();
  const { m, o, a, i } = raw as Record<string, unknown>;
  if (m !== MODE_CODES[expected.mode] || o !== expected.order) throw badCursor();
  if (typeof a !== 'string' || !POSITION_AT.test(a)) throw badCursor();
  if (i !== null && (typeof i !== 'string' || !POSITION_ID.test(i))) throw badCursor();
  return { at: a, ...(i !== null ? { id: i as string } : {}) };
};
