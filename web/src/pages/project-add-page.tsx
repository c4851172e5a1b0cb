import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RequirePermission } from '../app/guards';
import { ProjectAdminGate } from '../modules/projects/components/project-admin-gate';
import { ProjectForm } from '../modules/projects/components/project-form';
import { BRAND_SETUP_STEPS, settingsPath } from '../modules/content/setup-steps';
import { EDIT_PARAM, FROM_PARAM, returnPath } from '../modules/projects/project-edit';
import { useProject } from '../modules/projects/project-store';
import { useCurrentWorkspace } from '../modules/workspaces/workspace-store';
import { usePageTitle } from '../ui/use-page-title';

/**
 * /project/add (Manage Project). Without a query it sets up a new brand (projects.manage: workspace admins), then
 * opens the brand-setup wizard at its first step (each step can be skipped; leaving it goes to the brand's home). With ?project=<slug> it edits that brand, for whoever the server lets
 * edit it (a workspace admin or an admin of the brand), then back where the edit was opened from.
 */
export const ProjectAddPage = () => {
  const [params] = useSearchParams();
  const slug = params.get(EDIT_PARAM);
  return slug === null ? (
    <RequirePermission action="projects.manage">
      <CreateProject />
    </RequirePermission>
  ) : (
    <EditProject slug={slug} from={params.get(FROM_PARAM)} />
  );
};

const CreateProject = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const workspace = useCurrentWorkspace();
  usePageTitle(t('projects.manage.title'));
  return (
    <ContentLayout header={<Header variant="h1" description={t('projects.manage.description')}>{t('projects.manage.title')}</Header>}>
      <Container>
        {workspace && (
          <ProjectForm workspaceId={workspace.uid} onSaved={(created) => navigate(settingsPath(created.slug, BRAND_SETUP_STEPS[0], true))} onCancel={() => navigate('/dashboard')} />
        )}
      </Container>
    </ContentLayout>
  );
};

const EditProject = ({ slug, from }: { slug: string; from: string | null }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = useProject(slug)?.name;
  usePageTitle(name ? t('projects.edit.title', { name }) : t('projects.manage.title'));
  return (
    <ProjectAdminGate slug={slug}>
      {(project, workspaceId) => (
        <ContentLayout
          header={
            <Header variant="h1" description={t('projects.edit.description', { name: project.name })}>
              {t('projects.manage.title')}
            </Header>
          }
        >
          <Container>
            <ProjectForm
              key={project.uid}
              workspaceId={workspaceId}
              project={project}
              onSaved={(saved) => navigate(returnPath(from, saved))}
              onCancel={() => navigate(returnPath(from, project))}
            />
          </Container>
        </ContentLayout>
      )}
    </ProjectAdminGate>
  );
};
