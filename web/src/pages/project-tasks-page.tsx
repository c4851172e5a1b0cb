import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { brandCrumb, usePageBreadcrumbs } from '../app/breadcrumbs';
import { ProjectGate } from '../modules/project-users/components/project-gate';
import { useProject } from '../modules/projects/project-store';
import { TaskViews } from '../modules/tasks/components/task-views';
import { can } from '#shared/permissions';
import { useCurrentMembership } from '../modules/workspaces/workspace-store';
import { usePageTitle } from '../ui/use-page-title';

/**
 * /project/{slug}/tasks (full width): one brand's tasks. An unknown address says so; a brand the caller cannot open
 * offers "Request access" (ProjectGate).
 */
export const ProjectTasksPage = () => {
  const { t } = useTranslation();
  const { projectSlug } = useParams();
  const name = useProject(projectSlug)?.name;
  const role = useCurrentMembership()?.role;
  usePageTitle(name ? t('tasks.projectTitle', { name }) : t('tasks.title'));
  const tasksPath = `/project/${encodeURIComponent(projectSlug ?? '')}/tasks`;
  usePageBreadcrumbs(name ? [brandCrumb({ name, slug: projectSlug ?? '' }), { text: t('tasks.title'), href: tasksPath }] : []);
  // Known role without tasks (external users): say so rather than show a list the server refuses.
  if (role && !can(role, 'tasks.read')) {
    return (
      <ContentLayout header={<Header variant="h1">{t('tasks.title')}</Header>}>
        <Alert type="info">{t('tasks.noPermission')}</Alert>
      </ContentLayout>
    );
  }
  return (
    <ProjectGate>
      {(project, workspaceId) => (
        <TaskViews
          key={`${workspaceId}:${project.uid}`}
          workspaceId={workspaceId}
          project={project}
          title={t('tasks.projectTitle', { name: project.name })}
          description={t('tasks.projectDescription')}
        />
      )}
    </ProjectGate>
  );
};
