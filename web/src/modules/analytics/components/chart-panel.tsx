import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ChartView = 'chart' | 'table';

export type ChartPanelProps = {
  /** Names the panel for tests and the bench ("charts ready" waits for every panel's drawing). */
  testId: string;
  title: string;
  description?: string;
  /** The chart, given the id of the panel's heading to label itself with. */
  chart: (headingId: string) => ReactNode;
  /** The same figures as a table: the chart's accessible alternative. */
  table: (headingId: string) => ReactNode;
  /** Controls of the panel itself (a measure to show), beside the view switch. */
  actions?: ReactNode;
};

/** One figure of the analytics page: a chart, with a switch to the same figures as a table. */
export const ChartPanel = ({ testId, title, description, chart, table, actions }: ChartPanelProps) => {
  const { t } = useTranslation();
  const [view, setView] = useState<ChartView>('chart');
  const headingId = useId();
  return (
    <div data-analytics-panel={testId} data-view={view}>
      <Container
        header={
          <Header
            variant="h2"
            description={description}
            actions={
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'flex-end' }}>
                {actions}
                <SegmentedControl
                  label={t('analytics.view.label')}
                  selectedId={view}
                  options={[
                    { id: 'chart', text: t('analytics.view.chart') },
                    { id: 'table', text: t('analytics.view.table') },
                  ]}
                  onChange={({ detail }) => setView(detail.selectedId as ChartView)}
                />
              </div>
            }
          >
            <span id={headingId}>{title}</span>
          </Header>
        }
      >
        {view === 'chart' ? chart(headingId) : table(headingId)}
      </Container>
    </div>
  );
};
