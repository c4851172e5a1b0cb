import Box from '@cloudscape-design/components/box';
import * as tokens from '@cloudscape-design/design-tokens';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Analytics } from '#shared/schemas/analytics';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, useMediaQuery } from '../../../ui/use-media-query';
import { bestTimeRows, bestTimesGrid, formatAverage, formatCount, formatHour, HOURS, topSlots, WEEKDAYS, weekdayKey, type TimeSlot } from '../analytics-model';
import { ChartPanel } from './chart-panel';
import { PagedTable } from './paged-table';

/**
 * The heat colour of a slot: stronger blue for a higher average, on a square-root scale (one viral post would
 * otherwise wash every other slot out); a slot without posts stays the plain background.
 */
const heat = (slot: TimeSlot | undefined, max: number): CSSProperties =>
  slot && slot.posts > 0 && max > 0
    ? { background: `rgba(0, 108, 224, ${(0.12 + 0.88 * Math.sqrt(slot.average_engagement / max)).toFixed(3)})` }
    : { background: tokens.colorBackgroundCellShaded, boxShadow: `inset 0 0 0 1px ${tokens.colorBorderDividerDefault}` };

const cellBase: CSSProperties = { borderRadius: 3, minHeight: 18 };
const label: CSSProperties = { fontSize: 12, lineHeight: '18px', color: tokens.colorTextBodySecondary, whiteSpace: 'nowrap' };

/**
 * The week as a heat grid (weekday × hour, UTC): weekdays down and hours across on a wide screen, turned on a
 * phone (hours down, weekdays across) so it fits 390 px. The best slots are said in words above it.
 */
const HeatGrid = ({ data, headingId, description }: { data: Analytics; headingId: string; description: string }) => {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const { cell, max } = useMemo(() => bestTimesGrid(data), [data]);
  const day = (weekday: number) => t(`analytics.bestTimes.weekdaysShort.${weekdayKey(weekday)}`);
  const title = (weekday: number, hour: number) => {
    const slot = cell(weekday, hour);
    const words = { weekday: t(`analytics.bestTimes.weekdays.${weekdayKey(weekday)}`), hour: formatHour(hour) };
    return slot && slot.posts > 0
      ? t('analytics.bestTimes.cell', { ...words, posts: formatCount(slot.posts), average: formatAverage(slot.average_engagement) })
      : t('analytics.bestTimes.cellEmpty', words);
  };
  const rows = phone ? HOURS : [...WEEKDAYS];
  const columns = phone ? [...WEEKDAYS] : HOURS;
  return (
    <div role="img" aria-labelledby={headingId} aria-describedby={`${headingId}-grid`} data-testid="best-times-grid">
      <span id={`${headingId}-grid`} hidden>
        {description}
      </span>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: `${phone ? 44 : 36}px repeat(${columns.length}, minmax(0, 1fr))`,
          gap: 2,
          alignItems: 'center',
        }}
      >
        <span />
        {columns.map((column) => (
          <span key={`head-${column}`} style={{ ...label, textAlign: 'center' }}>
            {phone ? day(column) : column % 3 === 0 ? String(column).padStart(2, '0') : ''}
          </span>
        ))}
        {rows.map((row) => [
          <span key={`label-${row}`} style={label}>
            {phone ? formatHour(row) : day(row)}
          </span>,
          ...columns.map((column) => {
            const [weekday, hour] = phone ? [column, row] : [row, column];
            return <div key={`${weekday}:${hour}`} title={title(weekday, hour)} style={{ ...cellBase, ...heat(cell(weekday, hour), max) }} />;
          }),
        ])}
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 8 }}>
        <span style={label}>{t('analytics.bestTimes.less')}</span>
        <div style={{ width: 120, height: 10, borderRadius: 3, background: 'linear-gradient(to right, rgba(0,108,224,0.12), rgba(0,108,224,1))' }} />
        <span style={label}>{t('analytics.bestTimes.more')}</span>
      </div>
    </div>
  );
};

/** Best posting times: the best slots in words, the week as a heat grid, and every slot with posts as a table. */
export const BestTimesPanel = ({ data }: { data: Analytics }) => {
  const { t } = useTranslation();
  const best = useMemo(() => topSlots(data), [data]);
  const rows = useMemo(() => bestTimeRows(data), [data]);
  const slotText = (slot: TimeSlot) =>
    t('analytics.bestTimes.bestItem', {
      weekday: t(`analytics.bestTimes.weekdays.${weekdayKey(slot.weekday)}`),
      hour: formatHour(slot.hour),
      average: formatAverage(slot.average_engagement),
      posts: formatCount(slot.posts),
    });
  const bestWords = best.length ? best.map(slotText).join('; ') : t('analytics.bestTimes.noneBest');
  return (
    <ChartPanel
      testId="best-times"
      title={t('analytics.bestTimes.title')}
      description={t('analytics.bestTimes.description')}
      chart={(headingId) => (
        <SpaceBetween size="m">
          <div>
            <Box variant="h3" padding="n">{t('analytics.bestTimes.best')}</Box>
            {best.length ? (
              <ol style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                {best.map((slot) => (
                  <li key={`${slot.weekday}:${slot.hour}`}>{slotText(slot)}</li>
                ))}
              </ol>
            ) : (
              <Box color="text-body-secondary">{t('analytics.bestTimes.noneBest')}</Box>
            )}
          </div>
          {best.length > 0 && <HeatGrid data={data} headingId={headingId} description={t('analytics.bestTimes.gridLabel', { best: bestWords })} />}
        </SpaceBetween>
      )}
      table={() => (
        <PagedTable
          ariaLabels={{ tableLabel: t('analytics.bestTimes.tableLabel') }}
          items={rows}
          pageSize={14}
          trackBy={(row) => `${row.weekday}:${row.hour}`}
          columnDefinitions={[
            { id: 'weekday', header: t('analytics.bestTimes.weekday'), cell: (row) => t(`analytics.bestTimes.weekdays.${weekdayKey(row.weekday)}`), isRowHeader: true },
            { id: 'hour', header: t('analytics.bestTimes.hour'), cell: (row) => formatHour(row.hour) },
            { id: 'posts', header: t('analytics.bestTimes.posts'), cell: (row) => formatCount(row.posts) },
            { id: 'average', header: t('analytics.bestTimes.average'), cell: (row) => formatAverage(row.average_engagement) },
          ]}
          empty={t('analytics.empty.chart')}
        />
      )}
    />
  );
};
