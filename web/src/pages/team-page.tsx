import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import { ROLES } from '#shared/constants';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAuthStore } from '../modules/auth/auth-store';
import { MyInvitesPanel } from '../modules/invites/components/my-invites-panel';
import { TeamManager } from '../modules/team/components/team-manager';
import { WorkspaceSettings } from '../modules/workspaces/components/workspace-settings';
import { useCurrentWorkspace } from '../modules/workspaces/workspace-store';
import { usePageTitle } from '../ui/use-page-title';
import { usePageBreadcrumbs } from '../app/breadcrumbs';

const TABS = ['manage', 'my-invites', 'workspace'] as const;
type TeamTab = (typeof TABS)[number];

/** Team configuration (spec 2, team.manage): manage team and invites, my invites, workspace settings. */
export const TeamPage = () => {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const fetchedRoles = useAuthStore((state) => state.roles);
  const roles = fetchedRoles.length > 0 ? fetchedRoles : [...ROLES];
  const [params, setParams] = useSearchParams();
  const tab: TeamTab = TABS.find((id) => id === params.get('tab')) ?? 'manage';
  usePageTitle(t('team.title'));
  usePageBreadcrumbs([{ text: t('team.title'), href: '/team' }]);

  return (
    <ContentLayout header={<Header variant="h1" description={t('team.description')}>{t('team.title')}</Header>}>
      {workspace && (
        <Tabs
          activeTabId={tab}
          onChange={({ detail }) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (detail.activeTabId === 'manage') next.delete('tab');
                else next.set('tab', detail.activeTabId);
                return next;
              },
              { replace: true },
            )
          }
          ariaLabel={t('team.tabs.label')}
          tabs={[
            {
              id: 'manage',
              label: t('team.tabs.manage'),
              content: <TeamManager key={workspace.uid} workspaceId={workspace.uid} ownerId={workspace.owner} roles={roles} />,
            },
            {
              id: 'my-invites',
              label: t('team.tabs.myInvites'),
              content: <MyInvitesPanel title={t('invites.myInvites.title')} description={t('invites.myInvites.description')} />,
            },
            { id: 'workspace', label: t('team.tabs.workspace'), content: <WorkspaceSettings workspace={workspace} /> },
          ]}
        />
      )}
    </ContentLayout>
  );
};
