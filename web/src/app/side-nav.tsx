import Badge from '@cloudscape-design/components/badge';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAuthStore } from '../modules/auth/auth-store';
import { BRAND_SETTINGS_PAGES, settingsPath } from '../modules/content/setup-steps';
import { editProjectPath } from '../modules/projects/project-edit';
import { useProject } from '../modules/projects/project-store';
import { useProjectAdmin } from '../modules/projects/use-project-admin';
import { useCan, useCurrentMembership } from '../modules/workspaces/workspace-store';
import { useFollow } from '../ui/use-follow';

/**
 * Dashboard, Tasks, Team and Billing (as the permission matrix allows), My invites. Memoized: the layout hands it
 * over as a new element on each of its renders, and it renders from its own stores and the location only.
 */
export const SideNav = memo(function SideNav() {
  const { t } = useTranslation();
  const location = useLocation();
  const follow = useFollow();
  const canManageTeam = useCan('team.manage');
  const canReadBilling = useCan('billing.read');
  const canUsePlayground = useCan('ai.playground');
  const workspaceName = useCurrentMembership()?.workspaces.name;
  const pendingInvites = useAuthStore((state) => state.invites.length);
  // Inside a brand (/project/{slug}/…): its own pages.
  const brandSlug = /^\/project\/([^/]+)/.exec(location.pathname)?.[1];
  const brand = useProject(brandSlug === 'add' ? undefined : brandSlug);
  const canEditBrand = useProjectAdmin(brand).answer === 'yes';

  const items: SideNavigationProps.Item[] = [
    { type: 'link', text: t('nav.dashboard'), href: '/dashboard' },
    { type: 'link', text: t('nav.tasks'), href: '/tasks' },
    ...(canManageTeam ? ([{ type: 'link', text: t('nav.team'), href: '/team' }] as const) : []),
    ...(canReadBilling ? ([{ type: 'link', text: t('nav.billing'), href: '/billing' }] as const) : []),
    ...(canUsePlayground ? ([{ type: 'link', text: t('ai.playground.nav'), href: '/developer/playground' }] as const) : []),
    {
      type: 'link',
      text: t('nav.myInvites'),
      href: '/my-invites',
      info: pendingInvites > 0 ? <Badge color="blue">{pendingInvites}</Badge> : undefined,
    },
    ...(brand
      ? ([
          { type: 'divider' },
          {
            type: 'section',
            text: brand.name,
            items: [
              { type: 'link', text: t('content.nav.home'), href: `/project/${encodeURIComponent(brand.slug)}` },
              { type: 'link', text: t('projectNav.tasks'), href: `/project/${encodeURIComponent(brand.slug)}/tasks` },
              { type: 'link', text: t('library.nav.feed'), href: `/project/${encodeURIComponent(brand.slug)}/feed` },
              { type: 'link', text: t('library.nav.library'), href: `/project/${encodeURIComponent(brand.slug)}/library` },
              { type: 'link', text: t('content.steps.analytics'), href: settingsPath(brand.slug, 'analytics') },
              { type: 'link', text: t('projectNav.people'), href: `/project/${encodeURIComponent(brand.slug)}/users` },
              { type: 'link', text: t('integrations.nav'), href: `/project/${encodeURIComponent(brand.slug)}/integrations` },
              ...(canEditBrand
                ? ([{ type: 'link', text: t('projects.edit.action'), href: editProjectPath(brand, location.pathname.split('/').slice(3).join('/')) }] as const)
                : []),
              {
                // The brand-setup steps as the brand's settings pages.
                type: 'expandable-link-group',
                text: t('content.nav.strategy'),
                href: settingsPath(brand.slug, 'summary'),
                defaultExpanded: BRAND_SETTINGS_PAGES.some((page) => location.pathname.endsWith(`/${page}`)),
                items: BRAND_SETTINGS_PAGES.map((page) => ({ type: 'link', text: t(`content.steps.${page}`), href: settingsPath(brand.slug, page) }) as const),
              },
            ],
          },
        ] as const)
      : []),
  ];

  const activeHref = items.find((item) => item.type === 'link' && location.pathname.startsWith(item.href));
  return (
    <SideNavigation
      header={{ href: '/dashboard', text: workspaceName ?? t('app.name') }}
      activeHref={activeHref && activeHref.type === 'link' ? activeHref.href : location.pathname}
      items={items}
      onFollow={follow}
    />
  );
});
