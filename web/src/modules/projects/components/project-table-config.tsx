import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import type { TableProps } from '@cloudscape-design/components/table';
import type { TFunction } from 'i18next';
import { formatDate } from '../../../ui/format-date';
import { RouterLink } from '../../../ui/router-link';
import { useFollow } from '../../../ui/use-follow';
import { editProjectPath } from '../project-edit';
import type { Project } from '../project-store';
import { ProjectPhaseBadge } from './project-phase-badge';
import { RequestAccessButton } from './request-access-button';

export const projectPath = (project: Pick<Project, 'slug'>) => `/project/${encodeURIComponent(project.slug)}`;
/** Where opening a brand leads: its task list. */
export const projectTasksPath = (project: Pick<Project, 'slug'>) => `${projectPath(project)}/tasks`;

/** The brand's name: a link to its tasks when the caller has access, plain text otherwise. */
export const ProjectName = ({ project, heading = false }: { project: Project; heading?: boolean }) =>
  project.has_permission ? (
    <RouterLink to={projectTasksPath(project)} fontSize={heading ? 'heading-m' : 'body-m'}>
      {project.name}
    </RouterLink>
  ) : (
    <Box variant={heading ? 'h3' : 'span'} tagOverride={heading ? 'span' : undefined} padding="n">
      {project.name}
    </Box>
  );

/** "Edit brand": Manage Project for this brand, named after it for screen readers (many on one page). */
export const EditProjectButton = ({ project, label, ariaLabel }: { project: Project; label: string; ariaLabel: string }) => {
  const follow = useFollow();
  return (
    <Button variant="inline-link" iconName="edit" href={editProjectPath(project)} onFollow={follow} ariaLabel={ariaLabel}>
      {label}
    </Button>
  );
};

/** Columns of the list view of the dashboard's brands; `canEdit` says which ones the caller may manage. */
export const projectColumns = (t: TFunction, workspaceId: string, canEdit: (project: Project) => boolean): TableProps.ColumnDefinition<Project>[] => [
  { id: 'name', header: t('projects.name'), cell: (project) => <ProjectName project={project} />, isRowHeader: true },
  { id: 'phase', header: t('projects.phase'), cell: (project) => <ProjectPhaseBadge phase={project.phase} /> },
  { id: 'slug', header: t('projects.address'), cell: (project) => projectPath(project) },
  { id: 'shopify', header: t('projects.shopifySite'), cell: (project) => project.shopify_site || '-' },
  { id: 'created', header: t('projects.created'), cell: (project) => formatDate(project.created_at) },
  {
    id: 'access',
    header: t('projects.access'),
    cell: (project) => (project.has_permission ? '' : <RequestAccessButton workspaceId={workspaceId} project={project} />),
  },
  {
    id: 'manage',
    header: t('projects.edit.column'),
    cell: (project) =>
      canEdit(project) ? (
        <EditProjectButton project={project} label={t('projects.edit.action')} ariaLabel={t('projects.edit.actionLabel', { name: project.name })} />
      ) : (
        ''
      ),
  },
];
