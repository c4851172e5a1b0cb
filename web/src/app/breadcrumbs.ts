import { useEffect } from 'react';
import { create } from 'zustand';
import { projectPath } from '../modules/projects/components/project-table-config';
import { useCurrentMembership } from '../modules/workspaces/workspace-store';

export type Crumb = { text: string; href: string };

/** A brand in a trail: its name, leading to the brand's home (strategy, setup, the week's slate), as on the dashboard. */
export const brandCrumb = (brand: { name: string; slug: string }): Crumb => ({ text: brand.name, href: projectPath(brand) });

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
