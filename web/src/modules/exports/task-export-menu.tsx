import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../notifications/use-action';
import type { ListTasksInput } from '../tasks/task-query';
import { downloadTasksCsv } from './export-service';

const CalendarFeedsModal = lazy(async () => ({ default: (await import('./calendar-feeds-modal')).CalendarFeedsModal }));

/** The task views' "Export": the tasks the filters show as CSV, or a calendar feed of due dates. */
export const TaskExportMenu = ({ workspaceId, query, projectUid }: { workspaceId: string; query: ListTasksInput; projectUid?: string }) => {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const [feedsOpen, setFeedsOpen] = useState(false);
  return (
    <>
      <ButtonDropdown
        items={[
          { id: 'tasks-csv', text: t('exports.tasksCsv'), iconName: 'download' },
          { id: 'calendar', text: t('exports.calendar'), iconName: 'calendar' },
        ]}
        loading={busy === 'tasks-csv'}
        onItemClick={({ detail }) => {
          if (detail.id === 'calendar') setFeedsOpen(true);
          else run('tasks-csv', () => downloadTasksCsv(workspaceId, query));
        }}
      >
        {t('exports.menu')}
      </ButtonDropdown>
      {feedsOpen && (
        <Suspense fallback={null}>
          <CalendarFeedsModal workspaceId={workspaceId} projectUid={projectUid} onClose={() => setFeedsOpen(false)} />
        </Suspense>
      )}
    </>
  );
};
