import Box from '@cloudscape-design/components/box';
import BarChart from '@cloudscape-design/components/bar-chart';
import type { Analytics } from '#shared/schemas/analytics';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, useMediaQuery } from '../../../ui/use-media-query';
import { everyNth, formatCount, formatDay, formatShortDay, platformsIn, postsPerWeekRows } from '../analytics-model';
import { ChartPanel } from './chart-panel';
import { PagedTable } from './paged-table';

/** Posts per week: a bar per week (stacked by platform), and the weekly counts as a table. */
export const PostsPerWeekPanel = ({ data }: { data: Analytics }) => {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const rows = useMemo(() => postsPerWeekRows(data), [data]);
  const platforms = platformsIn(data);
  const weeks = rows.map((row) => row.week);
  const index = useMemo(() => new Map(rows.map((row, i) => [row.week, i])), [rows]);
  // About 4 labels fit a phone's axis, 10 a desktop's; the others print empty.
  const step = everyNth(weeks.length, phone ? 4 : 10);
  const total = rows.reduce((sum, row) => sum + row.total, 0);
  const max = Math.max(0, ...rows.map((row) => row.total));
  const newestFirst = useMemo(() => [...rows].reverse(), [rows]);
  return (
    <ChartPanel
      testId="posts-per-week"
      title={t('analytics.postsPerWeek.title')}
      description={t('analytics.postsPerWeek.description')}
      chart={(headingId) => (
        <BarChart
          // No post in the range: the chart's empty state, not an axis of zeros.
          series={(total > 0 ? platforms : []).map((platform) => ({
            type: 'bar' as const,
            title: t(`library.platforms.${platform}`),
            data: rows.map((row) => ({ x: row.week, y: row[platform] ?? 0 })),
            valueFormatter: (value: number) => formatCount(value),
          }))}
          stackedBars
          xScaleType="categorical"
          xDomain={weeks}
          xTitle={t('analytics.postsPerWeek.xTitle')}
          yTitle={t('analytics.postsPerWeek.yTitle')}
          xTickFormatter={(week) => ((index.get(week) ?? 0) % step === 0 ? formatShortDay(week) : '')}
          ariaLabelledby={headingId}
          ariaDescription={t('analytics.postsPerWeek.summary', { posts: formatCount(total), weeks: String(weeks.length), max: formatCount(max) })}
          height={240}
          hideFilter
          hideLegend={platforms.length < 2}
          empty={<Box textAlign="center" color="inherit">{t('analytics.empty.noPosts')}</Box>}
        />
      )}
      table={() => (
        <PagedTable
          ariaLabels={{ tableLabel: t('analytics.postsPerWeek.tableLabel') }}
          items={newestFirst}
          pageSize={13}
          trackBy="week"
          columnDefinitions={[
            { id: 'week', header: t('analytics.postsPerWeek.week'), cell: (row) => formatDay(row.week), isRowHeader: true },
            ...platforms.map((platform) => ({
              id: platform,
              header: t(`library.platforms.${platform}`),
              cell: (row: (typeof rows)[number]) => formatCount(row[platform] ?? 0),
            })),
            ...(platforms.length > 1 ? [{ id: 'total', header: t('analytics.postsPerWeek.total'), cell: (row: (typeof rows)[number]) => formatCount(row.total) }] : []),
          ]}
          empty={t('analytics.empty.chart')}
        />
      )}
    />
  );
};
