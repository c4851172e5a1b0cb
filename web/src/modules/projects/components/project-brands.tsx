import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards, { type CardsProps } from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type TableComponent from '@cloudscape-design/components/table';
import { lazy, Suspense, useCallback, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../ui/page-loader';
import { useFollow } from '../../../ui/use-follow';
import { useSettingsStore } from '../../settings/settings-store';
import { useAuthStore } from '../../auth/auth-store';
import { useCan, useCurrentMembership } from '../../workspaces/workspace-store';
import type { ProjectViewMode } from '../../settings/settings-defaults';
import { knownProjectAdmin } from '../project-edit';
import { loadProjects } from '../project-service';
import { useProjectsStore, type Project } from '../project-store';
import { BrandsEmptyState } from './brands-empty-state';
import { BrandWorkCounts } from './brand-work-counts';
import { ProjectCover } from './project-cover';
import { ProjectPhaseBadge } from './project-phase-badge';
import { EditProjectButton, projectColumns, ProjectName, type BrandWork } from './project-table-config';
import { RequestAccessButton } from './request-access-button';

export type ProjectBrandsProps = {
  workspaceId: string;
  /** What needs the team in each brand (the dashboard's counts), on the cards and in the list; absent while loading. */
  work?: BrandWork;
};

// The list view only: Table and its stylesheet stay out of the dashboard's first load in the default card view.
const Table = lazy(() => import('@cloudscape-design/components/table')) as unknown as typeof TableComponent;

const CARDS_PER_ROW: CardsProps['cardsPerRow'] = [{ cards: 1 }, { minWidth: 560, cards: 2 }, { minWidth: 900, cards: 3 }, { minWidth: 1200, cards: 4 }];

/**
 * The dashboard's brands (spec 2): cards with cover, name, phase and what needs the team in the brand, or a list,
 * as the persisted project view mode says. A brand's name opens its tasks; a brand the caller may not open offers
 * "Request access" in place of its link.
 */
export const ProjectBrands = ({ workspaceId, work }: ProjectBrandsProps) => {
  const { t } = useTranslation();
  const follow = useFollow();
  // Deferred together: the cards render in slices after the brands arrive, and never show "no brands" meanwhile.
  const projects = useDeferredValue(useProjectsStore((state) => state.projects));
  const status = useDeferredValue(useProjectsStore((state) => state.status));
  const viewMode = useSettingsStore((state) => state.projectViewMode);
  const setViewMode = useSettingsStore((state) => state.setProjectViewMode);
  const role = useCurrentMembership()?.role;
  const userId = useAuthStore((state) => state.user?.uid);
  // Only what is known without asking the server for each brand: workspace admins and each brand's creator.
  // A brand's other admins find "Edit brand" in its side navigation.
  const canEdit = useCallback((project: Project) => knownProjectAdmin(role, userId, project) === true, [role, userId]);
  const columns = useMemo(() => projectColumns(t, workspaceId, canEdit, work), [t, workspaceId, canEdit, work]);
  const sorted = useMemo(() => [...projects].sort((a, b) => a.name.localeCompare(b.name)), [projects]);
  const loading = status === 'loading' && projects.length === 0;
  const canCreate = useCan('projects.manage');

  const header = (
    <Header
      variant="h2"
      counter={projects.length > 0 ? `(${projects.length})` : undefined}
      actions={
        // With no brand yet there is nothing to view either way, and the empty state offers the one action.
        projects.length > 0 && (
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <SegmentedControl
              label={t('projects.viewMode')}
              selectedId={viewMode}
              options={[
                { id: 'dashboard', text: t('projects.viewCards'), iconName: 'view-full' },
                { id: 'list', text: t('projects.viewList'), iconName: 'list-view' },
              ]}
              onChange={({ detail }) => setViewMode(detail.selectedId as ProjectViewMode)}
            />
            {canCreate && (
              <Button iconName="add-plus" href="/project/add" onFollow={follow}>
                {t('dashboard.createBrand')}
              </Button>
            )}
          </SpaceBetween>
        )
      }
    >
      {t('dashboard.brandsTitle')}
    </Header>
  );
  const empty =
    status === 'error' ? (
      <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
        <SpaceBetween size="s">
          <Box variant="p">{t('projects.loadFailed')}</Box>
          <Button onClick={() => void loadProjects(workspaceId).catch(() => undefined)}>{t('projects.retry')}</Button>
        </SpaceBetween>
      </Box>
    ) : (
      <BrandsEmptyState canCreate={canCreate} />
    );

  if (viewMode === 'list') {
    return (
      <Suspense fallback={<PageLoader label={t('projects.loading')} />}>
        <Table<Project>
          header={header}
          items={sorted}
          columnDefinitions={columns}
          trackBy="uid"
          loading={loading}
          loadingText={t('projects.loading')}
          empty={empty}
          ariaLabels={{ tableLabel: t('projects.cardsLabel') }}
          variant="container"
        />
      </Suspense>
    );
  }

  return (
    <Cards<Project>
      header={header}
      items={sorted}
      trackBy="uid"
      loading={loading}
      loadingText={t('projects.loading')}
      empty={empty}
      cardsPerRow={CARDS_PER_ROW}
      cardDefinition={{
        header: (project) => <ProjectName project={project} heading />,
        sections: [
          { id: 'cover', content: (project) => <ProjectCover project={project} /> },
          { id: 'phase', header: t('projects.phase'), content: (project) => <ProjectPhaseBadge phase={project.phase} /> },
          {
            id: 'work',
            content: (project) =>
              work && project.has_permission ? <BrandWorkCounts project={project} work={work} /> : undefined,
          },
          {
            id: 'manage',
            content: (project) =>
              canEdit(project) ? (
                <EditProjectButton project={project} label={t('projects.edit.action')} ariaLabel={t('projects.edit.actionLabel', { name: project.name })} />
              ) : undefined,
          },
          {
            id: 'access',
            content: (project) =>
              project.has_permission ? undefined : (
                <SpaceBetween size="xs">
                  <Box variant="small">{t('projects.noAccess')}</Box>
                  <RequestAccessButton workspaceId={workspaceId} project={project} />
                </SpaceBetween>
              ),
          },
        ],
      }}
    />
  );
};
