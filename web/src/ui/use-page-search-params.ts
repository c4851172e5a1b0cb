import { useCallback } from 'react';
import { useLocation, useSearchParams, type SetURLSearchParams } from 'react-router-dom';

/**
 * useSearchParams for what a page writes into its own address (its filter, view mode, calendar range). React
 * keeps showing the page being left while the next one's code loads (the route change is a transition), and its
 * effects still run; a write from it would resolve against the next page's address: "?status=…" there drops the next page's
 * own query (Edit brand's ?project= became Create brand, or the dashboard for a non-admin). Such a write is dropped.
 */
export const usePageSearchParams = (): [URLSearchParams, SetURLSearchParams] => {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const setPageParams = useCallback<SetURLSearchParams>(
    (next, options) => {
      if (window.location.pathname === pathname) setParams(next, options);
    },
    [pathname, setParams],
  );
  return [params, setPageParams];
};
