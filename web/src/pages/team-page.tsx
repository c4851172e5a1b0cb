import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ROLES } from '#shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../modules/auth/auth-store';
import { InviteForm } from '../modules/team/components/invite-form';
import { ALL, TeamTable } from '../modules/team/components/team-table';
import { useTeamList, type TeamFilters } from '../modules/team/use-team-list';
import { refreshTeam } from '../modules/workspaces/workspace-service';
import { useSettingsStore } from '../modules/settings/settings-store';
import { usePageTitle } from '../ui/use-page-title';

export const TeamPage = () => {
  const { t } = useTranslation();
  const workspaceId = useSettingsStore((state) => state.currentWorkspaceId) ?? undefined;
  const fetchedRoles = useAuthStore((state) => state.roles);
  const roles = fetchedRoles.length > 0 ? fetchedRoles : [...ROLES];
  const [filters, setFilters] = useState<TeamFilters>({ search: '', role: ALL, status: ALL });
  const team = useTeamList(workspaceId, filters);
  usePageTitle(t('team.title'));

  return (
    <ContentLayout header={<Header variant="h1" description={t('team.description')}>{t('team.title')}</Header>}>
      <SpaceBetween size="l">
        {workspaceId && (
          <InviteForm
            workspaceId={workspaceId}
            roles={roles}
            onInvited={() => {
              team.reload();
              void refreshTeam().catch(() => undefined);
            }}
          />
        )}
        <TeamTable items={team.items} loading={team.loading} roles={roles} filters={filters} onFiltersChange={setFilters} />
      </SpaceBetween>
    </ContentLayout>
  );
};
