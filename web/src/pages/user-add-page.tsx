import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { ROLES } from '#shared/constants';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAuthStore } from '../modules/auth/auth-store';
import { InviteForm } from '../modules/team/components/invite-form';
import { useCurrentWorkspace } from '../modules/workspaces/workspace-store';
import { usePageTitle } from '../ui/use-page-title';
import { usePageBreadcrumbs } from '../app/breadcrumbs';

/** /user/add (team.manage): invite a user, on a page of its own. Back to the team once sent. */
export const UserAddPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const workspace = useCurrentWorkspace();
  const fetchedRoles = useAuthStore((state) => state.roles);
  const roles = fetchedRoles.length > 0 ? fetchedRoles : [...ROLES];
  usePageTitle(t('userAdd.title'));
  usePageBreadcrumbs([{ text: t('team.title'), href: '/team' }, { text: t('userAdd.title'), href: '/user/add' }]);
  return (
    <ContentLayout header={<Header variant="h1" description={t('userAdd.description', { name: workspace?.name ?? '' })}>{t('userAdd.title')}</Header>}>
      <Container>
        {workspace && (
          <InviteForm
            workspaceId={workspace.uid}
            roles={roles}
            onCancel={() => navigate('/team')}
            onInvited={() => navigate('/team')}
          />
        )}
      </Container>
    </ContentLayout>
  );
};
