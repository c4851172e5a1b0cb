import { useEffect } from 'react';

/** Names the browser tab after the page (screen readers announce it on navigation). */
export const usePageTitle = (title: string | undefined) => {
  useEffect(() => {
    document.title = title ? `${title} · Brandslate` : 'Brandslate';
  }, [title]);
};
