import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of server data. A failed request was already shown by the API client (a red notification with the
 * catalogue's text, unless the caller asked to show it itself), so the cache does not retry it into a second
 * notification, nor refetch on window focus behind the reader's back.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
