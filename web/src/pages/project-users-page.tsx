import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from 'react-i18next';
import { ProjectGate } from '../modules/project-users/components/project-gate';
import { ProjectUsersTable } from '../modules/project-users/components/project-users-table';
import { useProject } from '../modules/projects/project-store';
import { useParams } from 'react-router-dom';
import { usePageTitle } from '../ui/use-page-title';
import { brandCrumb, usePageBreadcrumbs } from '../app/breadcrumbs';

/** /project/{slug}/users: the brand's people and access requests (project admins; others are told why not). */
export const ProjectUsersPage = () => {
  const { t } = useTranslation();
  const { projectSlug } = useParams();
  const name = useProject(projectSlug)?.name;
  usePageTitle(name ? t('projectUsers.title', { name }) : undefined);
  usePageBreadcrumbs(
    name && projectSlug
      ? [brandCrumb({ name, slug: projectSlug }), { text: t('projectUsers.breadcrumb'), href: `/project/${encodeURIComponent(projectSlug)}/users` }]
      : [],
  );
  return (
    <ProjectGate>
      {(project, workspaceId) => (
        <ContentLayout header={<Header variant="h1" description={t('projectUsers.description')}>{t('projectUsers.title', { name: project.name })}</Header>}>
          <ProjectUsersTable workspaceId={workspaceId} project={project} />
        </ContentLayout>
      )}
    </ProjectGate>
  );
};
