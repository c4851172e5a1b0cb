import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useTranslation } from 'react-i18next';
import type { ContentSettings } from '#shared/schemas/content';
import type { Project } from '#shared/schemas/project';
import { formatDate } from '../../../ui/format-date';
import { useFollow } from '../../../ui/use-follow';
import { PHONE_QUERY, useMediaQuery } from '../../../ui/use-media-query';
import { useSlateTasks } from '../brand-home-data';
import { settingsPath } from '../setup-steps';
import { computeSlate, slateSettingsOf, type SlateRow } from '../slate';

export type SlatePanelProps = { project: Project; workspaceId: string; settings: ContentSettings; today: Date };

/** This week's slate: per share, the posts planned, the Post tasks scheduled against it and how many are done. */
export const SlatePanel = ({ project, workspaceId, settings, today }: SlatePanelProps) => {
  const { t } = useTranslation();
  const follow = useFollow();
  // A phone shows what matters at a glance: each kind with its share, planned and done.
  const phone = useMediaQuery(PHONE_QUERY);
  const tasks = useSlateTasks(workspaceId, project.uid, settings.slate_review_day, today);
  const slate = computeSlate(slateSettingsOf(settings), tasks.data?.items ?? [], today);
  const postsPerWeek = settings.output.posts_per_week;
  const planned = slate.rows.reduce((sum, row) => sum + row.planned, 0);
  const edit = (
    <Button href={settingsPath(project.slug, 'growth-goals')} onFollow={follow}>
      {t('content.slate.edit')}
    </Button>
  );
  const notes = [
    postsPerWeek === 0 ? t('content.slate.notPlanned') : planned === 0 ? t('content.slate.noShares', { count: postsPerWeek }) : undefined,
    postsPerWeek > 0 && planned > 0 && slate.unplanned > 0 ? t('content.slate.unplanned', { count: slate.unplanned }) : undefined,
    slate.unassigned > 0 ? t('content.slate.unassigned', { count: slate.unassigned }) : undefined,
  ].filter(Boolean);

  return (
    <Table<SlateRow>
      variant="container"
      items={slate.rows}
      trackBy="kind"
      loading={tasks.isPending}
      loadingText={t('content.lists.loading')}
      ariaLabels={{ tableLabel: t('content.slate.tableLabel') }}
      columnDisplay={phone ? ['kind', 'planned', 'done'].map((id) => ({ id, visible: true })) : undefined}
      header={
        <Header
          variant="h2"
          actions={edit}
          description={t('content.slate.week', {
            from: formatDate(slate.week.from),
            to: formatDate(slate.week.to),
            day: settings.slate_review_day,
          })}
        >
          {t('content.slate.header')}
        </Header>
      }
      footer={
        <SpaceBetween size="xs">
          {tasks.isError && <StatusIndicator type="error">{t('content.slate.loadFailed')}</StatusIndicator>}
          {notes.map((note) => (
            <Box key={note} variant="p" margin="n">
              {note}
            </Box>
          ))}
          <Box variant="small" color="text-body-secondary">
            {t('content.slate.how')}
          </Box>
        </SpaceBetween>
      }
      columnDefinitions={[
        {
          id: 'kind',
          header: t('content.slate.columns.kind'),
          cell: (row) => (phone ? `${t(`content.slate.kinds.${row.kind}`)} (${row.share}%)` : t(`content.slate.kinds.${row.kind}`)),
          isRowHeader: true,
        },
        { id: 'share', header: t('content.slate.columns.share'), cell: (row) => `${row.share}%` },
        { id: 'planned', header: t('content.slate.columns.planned'), cell: (row) => row.planned },
        { id: 'placed', header: t('content.slate.columns.placed'), cell: (row) => row.placed },
        {
          id: 'done',
          header: t('content.slate.columns.done'),
          minWidth: phone ? 90 : 160,
          cell: (row) =>
            row.planned > 0 ? (
              <ProgressBar
                value={Math.min(100, Math.round((row.done / row.planned) * 100))}
                additionalInfo={t('content.slate.progress', { done: String(row.done), planned: String(row.planned) })}
                ariaLabel={`${t(`content.slate.kinds.${row.kind}`)}: ${t('content.slate.progress', { done: String(row.done), planned: String(row.planned) })}`}
              />
            ) : (
              String(row.done)
            ),
        },
      ]}
    />
  );
};

