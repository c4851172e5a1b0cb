import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ProjectForm } from '../modules/projects/components/project-form';
import { useCurrentWorkspace } from '../modules/workspaces/workspace-store';
import { usePageTitle } from '../ui/use-page-title';

/** /project/add (Manage Project, projects.manage): set up a brand, then back to the dashboard where its card is. */
export const ProjectAddPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const workspace = useCurrentWorkspace();
  usePageTitle(t('projects.manage.title'));
  return (
    <ContentLayout header={<Header variant="h1" description={t('projects.manage.description')}>{t('projects.manage.title')}</Header>}>
      <Container>
        {workspace && <ProjectForm workspaceId={workspace.uid} onSaved={() => navigate('/dashboard')} onCancel={() => navigate('/dashboard')} />}
      </Container>
    </ContentLayout>
  );
};
