import Box from '@cloudscape-design/components/box';
import BarChart from '@cloudscape-design/components/bar-chart';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import type { Analytics } from '#shared/schemas/analytics';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAverage, formatCompact, formatCount, PILLAR_METRICS, pillarRows, type PillarMetric } from '../analytics-model';
import { ChartPanel } from './chart-panel';
import { PagedTable } from './paged-table';

/** Engagement, reach or views per content pillar: horizontal bars (long pillar names stay readable), and a table of all. */
export const PillarsPanel = ({ data }: { data: Analytics }) => {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<PillarMetric>('engagement');
  const rows = useMemo(() => pillarRows(data), [data]);
  const name = (pillar: string) => pillar || t('analytics.pillars.none');
  const format = (value: number) => (metric === 'average_engagement' ? formatAverage(value) : formatCount(value));
  const metricLabel = t(`analytics.pillars.metrics.${metric}`);
  const top = rows.find((row) => row.pillar !== '') ?? rows[0];
  const options = PILLAR_METRICS.map((value) => ({ value, label: t(`analytics.pillars.metrics.${value}`) }));
  return (
    <ChartPanel
      testId="pillars"
      title={t('analytics.pillars.title')}
      description={t('analytics.pillars.description')}
      chart={(headingId) => (
        <BarChart
          series={
            rows.length
              ? [{ type: 'bar' as const, title: metricLabel, data: rows.map((row) => ({ x: name(row.pillar), y: row[metric] })), valueFormatter: (value: number) => format(value) }]
              : []
          }
          horizontalBars
          xScaleType="categorical"
          xDomain={rows.map((row) => name(row.pillar))}
          yTitle={metricLabel}
          yTickFormatter={formatCompact}
          ariaLabelledby={headingId}
          ariaDescription={top ? t('analytics.pillars.summary', { pillar: name(top.pillar), engagement: formatCount(top.engagement) }) : undefined}
          height={Math.max(120, rows.length * 36)}
          hideFilter
          hideLegend
          additionalFilters={
            <FormField label={t('analytics.pillars.metric')}>
              <Select
                selectedOption={options.find((option) => option.value === metric) ?? null}
                options={options}
                onChange={({ detail }) => setMetric(detail.selectedOption.value as PillarMetric)}
              />
            </FormField>
          }
          empty={<Box textAlign="center" color="inherit">{t('analytics.empty.noPosts')}</Box>}
        />
      )}
      table={() => (
        <PagedTable
          ariaLabels={{ tableLabel: t('analytics.pillars.tableLabel') }}
          items={rows}
          trackBy="pillar"
          columnDefinitions={[
            { id: 'pillar', header: t('analytics.pillars.pillar'), cell: (row) => name(row.pillar), isRowHeader: true },
            { id: 'posts', header: t('analytics.pillars.posts'), cell: (row) => formatCount(row.posts) },
            { id: 'engagement', header: t('analytics.pillars.metrics.engagement'), cell: (row) => formatCount(row.engagement) },
            { id: 'average', header: t('analytics.pillars.metrics.average_engagement'), cell: (row) => formatAverage(row.average_engagement) },
            { id: 'reach', header: t('analytics.pillars.metrics.reach'), cell: (row) => formatCount(row.reach) },
            { id: 'views', header: t('analytics.pillars.metrics.views'), cell: (row) => formatCount(row.views) },
          ]}
          empty={t('analytics.empty.chart')}
        />
      )}
    />
  );
};
