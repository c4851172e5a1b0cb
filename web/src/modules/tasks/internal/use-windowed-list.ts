import { useCallback, useLayoutEffect, useRef, useState, type RefObject, type UIEvent } from 'react';
import { windowRange } from './window-range';

export type WindowedList = {
  ref: RefObject<HTMLDivElement | null>;
  onScroll: (event: UIEvent<HTMLDivElement>) => void;
  start: number;
  end: number;
  offset: number;
  totalHeight: number;
};

/**
 * Windowing for a scrolling list of fixed-height rows: only the rows in view (plus `overscan` each side) are
 * mounted, so a column of a thousand cards costs a screenful of DOM. The scroller's height is measured live.
 */
export const useWindowedList = (count: number, itemHeight: number, overscan = 3): WindowedList => {
  const ref = useRef<HTMLDivElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(600);
  const frame = useRef<number | undefined>(undefined);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setViewportHeight(element.clientHeight);
    const observer = new ResizeObserver(() => setViewportHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => {
    const top = event.currentTarget.scrollTop;
    if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(top));
  }, []);

  const range = windowRange({ count, itemHeight, viewportHeight, scrollTop, overscan });
  return { ref, onScroll, ...range };
};
