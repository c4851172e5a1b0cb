import Box from '@cloudscape-design/components/box';
import LineChart from '@cloudscape-design/components/line-chart';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Analytics } from '#shared/schemas/analytics';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { daysBetween, dayToDate, followersRows, followersSeries, formatCompact, formatCount, formatDay, formatMonth, formatShortDay, platformsIn } from '../analytics-model';
import { ChartPanel } from './chart-panel';
import { PagedTable } from './paged-table';

/** Followers over time: a line per account, and the daily counts as a table. */
export const FollowersPanel = ({ data }: { data: Analytics }) => {
  const { t } = useTranslation();
  const series = useMemo(() => followersSeries(data), [data]);
  const rows = useMemo(() => followersRows(data), [data]);
  const platforms = platformsIn(data);
  const long = daysBetween(data.from, data.to) > 120;
  const summary = series
    .map(({ platform, points }) =>
      t('analytics.followers.summary', {
        platform: t(`library.platforms.${platform}`),
        first: formatCount(points[0]!.y),
        from: formatDay(points[0]!.x),
        last: formatCount(points[points.length - 1]!.y),
        to: formatDay(points[points.length - 1]!.x),
      }),
    )
    .join('. ');
  return (
    <ChartPanel
      testId="followers"
      title={t('analytics.followers.title')}
      description={t('analytics.followers.description')}
      chart={(headingId) =>
        // Right after the first sync each account has one day: a line of one point is an invisible dot.
        series.length > 0 && series.every(({ points }) => points.length < 2) ? (
          <Box padding={{ vertical: 'l' }} data-testid="followers-first-day">
            <SpaceBetween size="xs">
              {series.map(({ platform, points }) => (
                <Box key={platform} fontSize="heading-m">
                  {t('analytics.followers.oneDay', {
                    platform: t(`library.platforms.${platform}`),
                    followers: formatCount(points[0]!.y),
                    day: formatDay(points[0]!.x),
                  })}
                </Box>
              ))}
              <Box color="text-body-secondary">{t('analytics.followers.oneDayHint')}</Box>
            </SpaceBetween>
          </Box>
        ) : (
          <LineChart
            series={series.map(({ platform, points }) => ({
              type: 'line' as const,
              title: t(`library.platforms.${platform}`),
              data: points,
              valueFormatter: (value: number) => formatCount(value),
            }))}
            xScaleType="time"
            xDomain={[dayToDate(data.from), dayToDate(data.to)]}
            xTitle={t('analytics.followers.xTitle')}
            yTitle={t('analytics.followers.yTitle')}
            xTickFormatter={(date) => (long ? formatMonth(date) : formatShortDay(date))}
            yTickFormatter={formatCompact}
            ariaLabelledby={headingId}
            ariaDescription={summary || undefined}
            height={260}
            hideFilter
            empty={<Box textAlign="center" color="inherit">{t('analytics.empty.chart')}</Box>}
          />
        )
      }
      table={() => (
        <PagedTable
          ariaLabels={{ tableLabel: t('analytics.followers.tableLabel') }}
          items={rows}
          pageSize={14}
          trackBy="date"
          columnDefinitions={[
            { id: 'date', header: t('analytics.followers.date'), cell: (row) => formatDay(row.date), isRowHeader: true },
            ...platforms.map((platform) => ({
              id: platform,
              header: t(`library.platforms.${platform}`),
              cell: (row: (typeof rows)[number]) => (row[platform] === undefined ? '–' : formatCount(row[platform])),
            })),
          ]}
          empty={t('analytics.empty.chart')}
        />
      )}
    />
  );
};
