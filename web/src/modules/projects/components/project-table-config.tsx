import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import type { TableProps } from '@cloudscape-design/components/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DashboardBrand, DashboardSectionId } from '#shared/schemas/dashboard';
import { formatDate } from '../../../ui/format-date';
import { RouterLink } from '../../../ui/router-link';
import { useFollow } from '../../../ui/use-follow';
import { editProjectPath } from '../project-edit';
import type { Project } from '../project-store';
import { ProjectPhaseBadge } from './project-phase-badge';
import { RequestAccessButton } from './request-access-button';

/** Where opening a brand leads: its home (strategy, setup, this week's slate, recent tasks). */
export const projectPath = (project: Pick<Project, 'slug'>) => `/project/${encodeURIComponent(project.slug)}`;

/** The brand's name: a link to its home when the caller has access, plain text otherwise. */
export const ProjectName = ({ project, heading = false }: { project: Project; heading?: boolean }) =>
  project.has_permission ? (
    <RouterLink to={projectPath(project)} fontSize={heading ? 'heading-m' : 'body-m'}>
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

/** What needs the team in each brand (the dashboard's counts) and the filtered list each count opens. */
export type BrandWork = { counts: ReadonlyMap<string, DashboardBrand>; hrefOf: (section: DashboardSectionId, projectUid: string) => string };

/** The brand counts, in the order cards and columns show them, with their label keys. */
export const WORK_COLUMNS = [
  ['overdue', 'overdue'],
  ['due_this_week', 'dueThisWeek'],
  ['awaiting_client', 'awaitingClient'],
  ['changes_requested', 'changesRequested'],
] as const;

/** A brand's count of one kind, as a link into its tasks filtered the same way. */
export const BrandCountLink = ({ project, section, label, work }: { project: Project; section: DashboardSectionId; label: string; work: BrandWork }) => {
  const { t } = useTranslation();
  const count = work.counts.get(project.uid)?.[section] ?? 0;
  return (
    <RouterLink to={work.hrefOf(section, project.uid)} ariaLabel={t('work.brand.countLabel', { label, name: project.name, count })}>
      {String(count)}
    </RouterLink>
  );
};

/**
 * Columns of the list view of the dashboard's brands; `canEdit` says which ones the caller may manage; `work`
 * adds the brands' counts (of those the caller may open).
 */
export const projectColumns = (t: TFunction, workspaceId: string, canEdit: (project: Project) => boolean, work?: BrandWork): TableProps.ColumnDefinition<Project>[] => [
  { id: 'name', header: t('projects.name'), cell: (project) => <ProjectName project={project} />, isRowHeader: true },
  { id: 'phase', header: t('projects.phase'), cell: (project) => <ProjectPhaseBadge phase={project.phase} /> },
  ...(work
    ? WORK_COLUMNS.map(([section, label]) => ({
        id: section,
        header: t(`work.brand.${label}`),
        cell: (project: Project) => (project.has_permission ? <BrandCountLink project={project} section={section} label={t(`work.brand.${label}`)} work={work} /> : ''),
      }))
    : []),
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
