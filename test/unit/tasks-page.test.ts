import { describe, expect, it } from 'vitest';
import {
  comparePositions,
  decodeCursor,
  encodeCursor,
  mergeStreams,
  positionOf,
  type Position,
  type SortOrder,
  type StreamRead,
} from '#lib/stream-paging';
import { ValidationError } from '#lib/errors';

type Item = { at: string; id: string };
const item = (at: string, id: string): Item => ({ at, id });
const position = (i: Item) => positionOf(i.at, i.id);
const ids = (items: Item[]) => items.map((i) => i.id);

/** A stream as the data layer reads it: its matches in list order, exhausted or stopped at a position. */
const stream = (items: Item[], stoppedAt?: Position): StreamRead<Item> => ({
  items,
  exhausted: !stoppedAt,
  ...(stoppedAt ? { lastEvaluated: stoppedAt } : {}),
});

/**
 * A reference model of paging: streams over a fixed set of tasks, each matching a predicate, read with a budget
 * of `evaluated` items per page. Paging through with mergeStreams must return every match once, in order.
 */
const pageThrough = (all: Item[][], matches: (i: Item) => boolean, order: SortOrder, limit: number, evaluated: number) => {
  const before = (a: Position, b: Position) => (order === 'asc' ? 1 : -1) * comparePositions(a, b);
  const sorted = all.map((s) => [...s].sort((a, b) => before(position(a), position(b))));
  const seen: Item[] = [];
  let after: Position | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const reads = sorted.map((s) => {
      const rest = s.filter((i) => !after || before(position(i), after) > 0);
      const looked = rest.slice(0, evaluated);
      const found = looked.filter(matches);
      return looked.length < rest.length ? stream(found, position(looked[looked.length - 1]!)) : stream(found);
    });
    const page = mergeStreams(reads, position, order, limit);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items);
    if (!page.next) return seen;
    after = page.next;
  }
  throw new Error('paging did not end');
};

describe('comparing positions', () => {
  it('orders by the sort value, then the id; a bound without id comes before every task at its value', () => {
    expect(comparePositions(positionOf('2026-01-02'), positionOf('2026-01-02', 'a'))).toBeLessThan(0);
    expect(comparePositions(positionOf('2026-01-02', 'b'), positionOf('2026-01-02', 'a'))).toBeGreaterThan(0);
    expect(comparePositions(positionOf('2026-01-01', 'z'), positionOf('2026-01-02', 'a'))).toBeLessThan(0);
  });

  it('case-folds like the stored keys', () => {
    expect(positionOf('2026-01-01T10:00:00.000Z', 'AbC')).toEqual({ at: '2026-01-01t10:00:00.000z', id: 'abc' });
  });
});

describe('merging streams', () => {
  it('interleaves the streams by sort key and cuts at the limit, the cursor at the last item returned', () => {
    const page = mergeStreams(
      [stream([item('09', 'a'), item('05', 'b'), item('01', 'c')]), stream([item('08', 'd'), item('07', 'e')])],
      position,
      'desc',
      3,
    );
    expect(ids(page.items)).toEqual(['a', 'd', 'e']);
    expect(page.next).toEqual(positionOf('07', 'e'));
  });

  it('has no cursor when every stream is exhausted and the page holds all', () => {
    const page = mergeStreams([stream([item('02', 'a')]), stream([item('01', 'b')])], position, 'desc', 2);
    expect(ids(page.items)).toEqual(['a', 'b']);
    expect(page.next).toBeUndefined();
  });

  it('ascending order puts the lowest keys first', () => {
    const page = mergeStreams([stream([item('01', 'a'), item('03', 'b')]), stream([item('02', 'c')])], position, 'asc', 10);
    expect(ids(page.items)).toEqual(['a', 'c', 'b']);
  });

  it('stops at the budget horizon: no item beyond the nearest stream that stopped before reading enough', () => {
    // Stream 1 ran out of budget having looked down to 06 and found only 'a'; stream 2 is exhausted.
    const page = mergeStreams(
      [stream([item('09', 'a')], positionOf('06', 'x')), stream([item('08', 'b'), item('05', 'c'), item('02', 'd')])],
      position,
      'desc',
      10,
    );
    // 'c' (05) and 'd' (02) lie beyond 06: stream 1 may hold matches between them that it has not read yet.
    expect(ids(page.items)).toEqual(['a', 'b']);
    expect(page.next).toEqual(positionOf('06', 'x'));
  });

  it('can answer an empty page with a cursor when a stream found nothing within its budget', () => {
    const page = mergeStreams([stream([], positionOf('50', 'x')), stream([item('40', 'a')])], position, 'desc', 10);
    expect(page.items).toEqual([]);
    expect(page.next).toEqual(positionOf('50', 'x'));
  });

  it('takes the nearest of several horizons', () => {
    const page = mergeStreams(
      [stream([item('09', 'a')], positionOf('03', 'x')), stream([item('08', 'b')], positionOf('07', 'y')), stream([item('06', 'c')])],
      position,
      'desc',
      10,
    );
    expect(ids(page.items)).toEqual(['a', 'b']);
    expect(page.next).toEqual(positionOf('07', 'y'));
  });

  it('keeps a match sitting exactly on the horizon (it was evaluated)', () => {
    const page = mergeStreams([stream([item('07', 'y')], positionOf('07', 'y')), stream([item('07', 'z'), item('06', 'c')])], position, 'desc', 10);
    // Descending: 07/z comes before the horizon 07/y, which is kept; 06 lies beyond it.
    expect(ids(page.items)).toEqual(['z', 'y']);
    expect(page.next).toEqual(positionOf('07', 'y'));
  });
});

describe('paging through streams with filters and a read budget', () => {
  const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}`;
  // Three streams of 60, 25 and 7 tasks with interleaved keys (ids are unique across streams).
  const streams = [60, 25, 7].map((size, s) => Array.from({ length: size }, (_, i) => item(`${day(1 + ((i * 7 + s * 3) % 28))}t${String(i).padStart(2, '0')}`, `s${s}-${i}`)));
  const everything = streams.flat();
  const cases: { name: string; matches: (i: Item) => boolean }[] = [
    { name: 'no filter', matches: () => true },
    { name: 'every third', matches: (i) => Number(i.id.split('-')[1]) % 3 === 0 },
    { name: 'rare (one stream only)', matches: (i) => i.id.startsWith('s2') },
    { name: 'none', matches: () => false },
  ];

  for (const order of ['desc', 'asc'] as const) {
    for (const { name, matches } of cases) {
      for (const [limit, evaluated] of [
        [5, 5],
        [10, 4],
        [25, 100],
        [3, 1],
      ] as const) {
        it(`${order}, ${name}, page ${limit}, ${evaluated} evaluated per stream: every match once, in order`, () => {
          const seen = pageThrough(streams, matches, order, limit, evaluated);
          const expected = everything.filter(matches).sort((a, b) => (order === 'asc' ? 1 : -1) * comparePositions(position(a), position(b)));
          expect(ids(seen)).toEqual(ids(expected));
        });
      }
    }
  }
});

describe('the cursor', () => {
  it('round-trips a position of its listing', () => {
    const after = positionOf('2026-01-01T10:00:00.000Z', 'AbC-_1');
    const text = encodeCursor({ mode: 'updated', order: 'desc', after });
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text, { mode: 'updated', order: 'desc' })).toEqual(after);
    const bound = positionOf('2026-01-01');
    expect(decodeCursor(encodeCursor({ mode: 'due', order: 'asc', after: bound }), { mode: 'due', order: 'asc' })).toEqual(bound);
  });

  it.each([
    ['not base64 JSON', 'not a cursor!'],
    ['JSON of the wrong shape', Buffer.from('[1,2]').toString('base64url')],
    ['a forged value', Buffer.from(JSON.stringify({ m: 'u', o: 'desc', a: "x' OR 1", i: 'a' })).toString('base64url')],
    ['an id that is too long', Buffer.from(JSON.stringify({ m: 'u', o: 'desc', a: '2026', i: 'a'.repeat(65) })).toString('base64url')],
  ])('refuses %s with a 400 naming cursor', (_name, text) => {
    expect(() => decodeCursor(text, { mode: 'updated', order: 'desc' })).toThrow(ValidationError);
    try {
      decodeCursor(text, { mode: 'updated', order: 'desc' });
    } catch (error) {
      expect((error as ValidationError).field).toBe('cursor');
    }
  });

  it('refuses a cursor of another listing (calendar vs status list, other order)', () => {
    const text = encodeCursor({ mode: 'due', order: 'asc', after: positionOf('2026-01-01', 'a') });
    expect(() => decodeCursor(text, { mode: 'updated', order: 'asc' })).toThrow(ValidationError);
    expect(() => decodeCursor(text, { mode: 'due', order: 'desc' })).toThrow(ValidationError);
  });
});
