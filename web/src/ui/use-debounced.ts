import { useEffect, useState } from 'react';

/** A value that follows `value` once it has stood still for `delay` ms (typing in a search box). */
export const useDebounced = <T,>(value: T, delay: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
};
