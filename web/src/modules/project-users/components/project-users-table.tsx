import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useTranslation } from 'react-i18next';
import { useFollow } from '../../../ui/use-follow';
import { useAuthStore } from '../../auth/auth-store';
import { confirmAction } from '../../notifications/confirm-dialog';
import { useAction } from '../../notifications/use-action';
import type { Project } from '../../projects/project-store';
import { grantProjectUser, removeProjectUser, type ProjectUser } from '../project-users-service';
import { useProjectUsers } from '../use-project-users';

export type ProjectUsersTableProps = { workspaceId: string; project: Project };

const nameOf = (user: ProjectUser) => user.name?.trim() || user.email;

/**
 * A brand's people (project admins and workspace admins): members with their project role, and access requests
 * to grant or decline. The owner stays.
 */
export const ProjectUsersTable = ({ workspaceId, project }: ProjectUsersTableProps) => {
  const { t } = useTranslation();
  const follow = useFollow();
  const me = useAuthStore((state) => state.user?.uid);
  const { load, reload } = useProjectUsers(workspaceId, project.uid);
  const { busy, run: act } = useAction();

  if (load.status === 'forbidden') {
    return (
      <Alert type="info" statusIconAriaLabel={t('notifications.info')} header={t('projectUsers.adminOnlyTitle')}>
        {t('projectUsers.adminOnlyBody')}
      </Alert>
    );
  }
  if (load.status === 'failed') {
    return (
      <Alert type="error" statusIconAriaLabel={t('notifications.error')} action={<Button onClick={reload}>{t('comments.retry')}</Button>}>
        {t('projectUsers.loadFailed')}
      </Alert>
    );
  }

  const users = load.status === 'loaded' ? [...load.users].sort((a, b) => (a.status === b.status ? nameOf(a).localeCompare(nameOf(b)) : a.status === 'requested' ? -1 : 1)) : [];
  const requests = users.filter((user) => user.status === 'requested').length;

  return (
    <Table<ProjectUser>
      variant="container"
      items={users}
      trackBy="user_uid"
      loading={load.status === 'loading'}
      loadingText={t('projectUsers.loading')}
      ariaLabels={{ tableLabel: t('projectUsers.tableLabel', { name: project.name }) }}
      header={
        <Header
          variant="h2"
          counter={load.status === 'loaded' ? `(${users.length})` : undefined}
          description={requests > 0 ? t('projectUsers.pendingRequests', { count: requests }) : undefined}
          actions={
            <Button iconName="add-plus" href={`/project/${encodeURIComponent(project.slug)}/user/add`} onFollow={follow}>
              {t('projectUsers.add')}
            </Button>
          }
        >
          {t('projectUsers.tableTitle')}
        </Header>
      }
      empty={<Box color="text-body-secondary">{t('projectUsers.empty')}</Box>}
      columnDefinitions={[
        { id: 'name', header: t('projectUsers.columns.name'), cell: (user) => (user.user_uid === me ? t('projectUsers.you', { name: nameOf(user) }) : nameOf(user)) },
        { id: 'email', header: t('projectUsers.columns.email'), cell: (user) => user.email },
        { id: 'role', header: t('projectUsers.columns.role'), cell: (user) => t(`projectUsers.roles.${user.role}`) },
        {
          id: 'status',
          header: t('projectUsers.columns.status'),
          cell: (user) =>
            user.status === 'granted' ? (
              <StatusIndicator type="success">{t('projectUsers.status.granted')}</StatusIndicator>
            ) : (
              <StatusIndicator type="pending">{t('projectUsers.status.requested')}</StatusIndicator>
            ),
        },
        {
          id: 'actions',
          header: t('projectUsers.columns.actions'),
          cell: (user) =>
            user.role === 'owner' ? null : (
              <SpaceBetween direction="horizontal" size="xs">
                {user.status === 'requested' && (
                  <Button
                    variant="primary"
                    loading={busy === `grant:${user.user_uid}`}
                    ariaLabel={t('projectUsers.grantLabel', { name: nameOf(user) })}
                    onClick={() =>
                      act(`grant:${user.user_uid}`, () => grantProjectUser(workspaceId, project.uid, user.user_uid), t('projectUsers.granted', { name: nameOf(user) }))
                    }
                  >
                    {t('projectUsers.grant')}
                  </Button>
                )}
                <Button
                  loading={busy === `remove:${user.user_uid}`}
                  ariaLabel={t(user.status === 'requested' ? 'projectUsers.declineLabel' : 'projectUsers.removeLabel', { name: nameOf(user) })}
                  onClick={async () => {
                    if (!(await confirmAction())) return;
                    act(
                      `remove:${user.user_uid}`,
                      () => removeProjectUser(workspaceId, project.uid, user.user_uid),
                      t(user.status === 'requested' ? 'projectUsers.declined' : 'projectUsers.removed', { name: nameOf(user) }),
                    );
                  }}
                >
                  {user.status === 'requested' ? t('projectUsers.decline') : t('projectUsers.remove')}
                </Button>
              </SpaceBetween>
            ),
        },
      ]}
    />
  );
};
