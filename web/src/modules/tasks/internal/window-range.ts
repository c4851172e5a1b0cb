export type WindowInput = {
  count: number;
  /** Every row has this height (px), gap included. */
  itemHeight: number;
  viewportHeight: number;
  scrollTop: number;
  /** Rows mounted beyond each edge, so a quick scroll never shows a blank. */
  overscan: number;
};

export type WindowRange = {
  /** First mounted row (inclusive) and the one after the last (exclusive). */
  start: number;
  end: number;
  /** Where the first mounted row sits, from the top of the list. */
  offset: number;
  /** The whole list's height, so the scrollbar tells the truth. */
  totalHeight: number;
};

/** Which rows of a fixed-height list are worth mounting for a scroll position: the visible ones plus overscan. */
export const windowRange = ({ count, itemHeight, viewportHeight, scrollTop, overscan }: WindowInput): WindowRange => {
  const totalHeight = Math.max(0, count) * itemHeight;
  if (count <= 0 || itemHeight <= 0) return { start: 0, end: 0, offset: 0, totalHeight };
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, totalHeight - viewportHeight));
  const firstVisible = Math.floor(top / itemHeight);
  const lastVisible = Math.ceil((top + Math.max(0, viewportHeight)) / itemHeight);
  const start = Math.max(0, firstVisible - overscan);
  const end = Math.min(count, Math.max(lastVisible, firstVisible + 1) + overscan);
  return { start, end, offset: start * itemHeight, totalHeight };
};

/** True when the reader is within `threshold` rows of the end: time to load the next page. */
export const nearEnd = (range: WindowRange, count: number, threshold: number) => count - range.end <= threshold;
