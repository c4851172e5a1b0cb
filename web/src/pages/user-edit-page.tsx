import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ROLES } from '#shared/constants';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useAuthStore } from '../modules/auth/auth-store';
import { notify } from '../modules/notifications/notification-store';
import { MemberRoleForm } from '../modules/team/components/member-role-form';
import { useMember } from '../modules/team/use-member';
import { roleLabel } from '../modules/workspaces/role-label';
import { useCurrentWorkspace } from '../modules/workspaces/workspace-store';
import { PageLoader } from '../ui/page-loader';
import { RouterLink } from '../ui/router-link';
import { usePageTitle } from '../ui/use-page-title';
import { usePageBreadcrumbs } from '../app/breadcrumbs';

/** /user/{id}/edit (team.manage): a member's role. */
export const UserEditPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const workspace = useCurrentWorkspace();
  const fetchedRoles = useAuthStore((state) => state.roles);
  const roles = fetchedRoles.length > 0 ? fetchedRoles : [...ROLES];
  const state = useMember(workspace?.uid, id);
  usePageTitle(t('userEdit.title'));
  usePageBreadcrumbs([{ text: t('team.title'), href: '/team' }, { text: t('userEdit.title'), href: `/user/${id}/edit` }]);

  const body = () => {
    if (state.status === 'loading' || !workspace) return <PageLoader label={t('userEdit.loading')} />;
    if (state.status === 'failed') {
      return (
        <SpaceBetween size="m">
          <Alert type="error" statusIconAriaLabel={t('notifications.error')}>
            {state.message}
          </Alert>
          <RouterLink to="/team">{t('userEdit.backToTeam')}</RouterLink>
        </SpaceBetween>
      );
    }
    const { member } = state;
    return (
      <Container header={<Header variant="h2" description={member.name}>{member.email}</Header>}>
        <MemberRoleForm
          workspaceId={workspace.uid}
          member={member}
          roles={roles}
          onCancel={() => navigate('/team')}
          onSaved={(saved) => {
            notify.positive(t('team.role.saved', { email: saved.email, role: roleLabel(saved.role) }));
            navigate('/team');
          }}
        />
      </Container>
    );
  };

  return <ContentLayout header={<Header variant="h1">{t('userEdit.title')}</Header>}>{body()}</ContentLayout>;
};
