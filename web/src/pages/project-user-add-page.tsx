import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ProjectGate } from '../modules/project-users/components/project-gate';
import { ProjectUserAddForm } from '../modules/project-users/components/project-user-add-form';
import { useProject } from '../modules/projects/project-store';
import { usePageTitle } from '../ui/use-page-title';

/** /project/{slug}/user/add: give a workspace member access to the brand. */
export const ProjectUserAddPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { projectSlug } = useParams();
  const name = useProject(projectSlug)?.name;
  usePageTitle(name ? t('projectUsers.addTitle', { name }) : undefined);
  return (
    <ProjectGate>
      {(project, workspaceId) => (
        <ContentLayout header={<Header variant="h1" description={t('projectUsers.addDescription')}>{t('projectUsers.addTitle', { name: project.name })}</Header>}>
          <Container>
            <ProjectUserAddForm workspaceId={workspaceId} project={project} onDone={() => navigate(`/project/${encodeURIComponent(project.slug)}/users`)} />
          </Container>
        </ContentLayout>
      )}
    </ProjectGate>
  );
};
