import { useSyncExternalStore } from 'react';

/** Phones: the width at which lists turn into cards and side panels into sheets. */
export const PHONE_QUERY = '(max-width: 600px)';

/** Whether a CSS media query matches, following it as the window changes. */
export const useMediaQuery = (query: string): boolean =>
  useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
