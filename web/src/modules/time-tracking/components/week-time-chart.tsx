import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findProject, useProjectsStore } from '../../projects/project-store';
import { usePersonName } from '../../task-detail/people';
import { useCurrentWorkspace, useWorkspaceStore } from '../../workspaces/workspace-store';

const TimeExportModal = lazy(async () => ({ default: (await import('../../exports/time-export-modal')).TimeExportModal }));
import { formatDuration } from '../duration';
import { toHours, UNKNOWN_PROJECT, weekTotals, type WeekBar } from '../week-chart-data';

const BAR_HEIGHT = 36;

const WeekBars = ({ title, bars, nameOf }: { title: string; bars: WeekBar[]; nameOf: (key: string) => string }) => {
  const { t } = useTranslation();
  const data = bars.map((bar) => ({ x: nameOf(bar.key), y: toHours(bar.seconds) }));
  const seconds = new Map(bars.map((bar) => [nameOf(bar.key), bar.seconds]));
  return (
    <section aria-label={title}>
      <Box variant="h3" tagOverride="h3" padding={{ bottom: 'xs' }}>
        {title}
      </Box>
      <BarChart
        series={[
          {
            title: t('weekTime.hours'),
            type: 'bar',
            data,
            valueFormatter: (_value, x) => formatDuration(seconds.get(String(x)) ?? 0),
          },
        ]}
        xScaleType="categorical"
        xDomain={data.map((datum) => datum.x)}
        horizontalBars
        hideFilter
        hideLegend
        height={Math.max(2, data.length) * BAR_HEIGHT}
        yTitle={t('weekTime.hours')}
        ariaLabel={title}
        ariaDescription={data.map((datum) => `${datum.x}: ${formatDuration(seconds.get(datum.x) ?? 0)}`).join(', ')}
        empty={<Box color="text-body-secondary">{t('weekTime.empty')}</Box>}
        i18nStrings={{ xTickFormatter: (value) => String(value), yTickFormatter: (value) => `${value} h` }}
      />
    </section>
  );
};

/**
 * This week's tracked time (Monday to Sunday, running timers included) per brand and per person, from the
 * workspace's time entries the app polls every 10 seconds.
 */
export const WeekTimeChart = () => {
  const { t } = useTranslation();
  // Deferred: the chart (it measures its labels) renders in slices after the entries arrive, not in one long task.
  const timeEntries = useDeferredValue(useWorkspaceStore((state) => state.timeEntries));
  const projects = useProjectsStore((state) => state.projects);
  const personName = usePersonName();
  const totals = useMemo(() => weekTotals(timeEntries?.entries ?? [], new Date()), [timeEntries]);
  const workspaceId = useCurrentWorkspace()?.uid;
  const [exporting, setExporting] = useState(false);
  if (!timeEntries) return null;
  const projectName = (uid: string) => (uid === UNKNOWN_PROJECT ? t('weekTime.otherBrand') : (findProject(projects, uid)?.name ?? t('weekTime.otherBrand')));
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={t('weekTime.description', { total: formatDuration(totals.totalSeconds) })}
          actions={
            workspaceId && timeEntries.hasTimeTracking ? (
              <Button iconName="download" onClick={() => setExporting(true)}>
                {t('exports.time.button')}
              </Button>
            ) : undefined
          }
        >
          {t('weekTime.title')}
        </Header>
      }
    >
      {totals.totalSeconds === 0 ? (
        <Box color="text-body-secondary">{timeEntries.hasTimeTracking ? t('weekTime.emptyWeek') : t('weekTime.noTracking')}</Box>
      ) : (
        <ColumnLayout columns={2}>
          <WeekBars title={t('weekTime.byBrand')} bars={totals.byProject} nameOf={projectName} />
          <WeekBars title={t('weekTime.byPerson')} bars={totals.byPerson} nameOf={(uid) => personName(uid)} />
        </ColumnLayout>
      )}
      {exporting && workspaceId && (
        <Suspense fallback={null}>
          <TimeExportModal workspaceId={workspaceId} onClose={() => setExporting(false)} />
        </Suspense>
      )}
    </Container>
  );
};
