import { useEffect } from 'react';
import { create } from 'zustand';
import { useCurrentMembership } from '../modules/workspaces/workspace-store';

export type Crumb = { text: string; href: string };

const useBreadcrumbStore = create<{ items: Crumb[] }>(() => ({ items: [] }));

/** The breadcrumbs the current page asked for; the main layout shows them above the page. */
export const useBreadcrumbItems = () => useBreadcrumbStore((state) => state.items);

/**
 * A page's trail: the workspace (its dashboard) first, then `items`, the last being the page itself. Held while
 * the page is mounted; a page that names none shows none.
 */
export const usePageBreadcrumbs = (items: readonly Crumb[]) => {
  const workspace = useCurrentMembership()?.workspaces.name;
  const key = JSON.stringify([workspace, items]);
  useEffect(() => {
    const trail = JSON.parse(key) as [string | undefined, Crumb[]];
    useBreadcrumbStore.setState({ items: trail[0] ? [{ text: trail[0], href: '/dashboard' }, ...trail[1]] : trail[1] });
    return () => useBreadcrumbStore.setState({ items: [] });
  }, [key]);
};
