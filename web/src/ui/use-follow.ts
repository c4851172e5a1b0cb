import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

type FollowEvent = CustomEvent<{ href?: string; external?: boolean }>;

/** Hands Cloudscape `onFollow` events of internal links to react-router instead of a full page load. */
export const useFollow = () => {
  const navigate = useNavigate();
  return useCallback(
    (event: FollowEvent) => {
      const { href, external } = event.detail;
      if (!href || external || /^[a-z]+:/i.test(href)) return;
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );
};
