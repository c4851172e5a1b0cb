import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import * as tokens from '@cloudscape-design/design-tokens';
import type { Task } from '#shared/schemas/task';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { agendaDays, fromDay, type CalendarMode, type CalendarRange } from '../internal/calendar-range';
import { openTask } from '../task-events';
import { TaskStatusBadge } from './task-status-badge';
import { taskPath } from './task-table-config';

export type CalendarAgendaProps = {
  mode: CalendarMode;
  anchor: string;
  today: string;
  range: CalendarRange;
  /** Tasks by due day. */
  days: ReadonlyMap<string, Task[]>;
  label: string;
  onMoveRequest: (task: Task) => void;
};

/**
 * The calendar on a phone: the days of the range that have tasks, one under the other, each task with its status
 * in words. A seven-column grid leaves a phone a few pixels per task; a list reads at any width.
 */
export const CalendarAgenda = ({ mode, anchor, today, range, days, label, onMoveRequest }: CalendarAgendaProps) => {
  const { t } = useTranslation();
  const agenda = agendaDays(range, days, mode === 'month' ? anchor : undefined);
  return (
    <section data-testid="calendar-agenda" aria-label={label}>
      {agenda.length === 0 ? (
        <Box padding={{ vertical: 'l' }} textAlign="center" color="text-body-secondary">
          {t('pipeline.calendar.agendaEmpty')}
        </Box>
      ) : (
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {agenda.map(({ day, tasks }) => {
            const date = fromDay(day) ?? new Date();
            return (
              <li key={day} data-date={day} style={{ borderTop: `1px solid ${tokens.colorBorderDividerDefault}`, padding: '8px 0' }}>
                <h3
                  aria-current={day === today ? 'date' : undefined}
                  style={{ margin: '0 0 4px', fontSize: tokens.fontSizeHeadingXs, lineHeight: tokens.lineHeightHeadingXs, display: 'flex', gap: 8 }}
                >
                  <span>{format(date, 'EEEE, MMMM d')}</span>
                  {day === today && <span style={{ color: tokens.colorTextStatusInfo }}>{t('tasks.calendar.todayMarker')}</span>}
                  <span style={{ marginLeft: 'auto', fontWeight: 400, color: tokens.colorTextBodySecondary }}>{t('pipeline.calendar.dayCount', { count: tasks.length })}</span>
                </h3>
                <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
                  {tasks.map((task) => (
                    <li key={task.uid} data-testid="calendar-task" data-task-id={task.uid} data-status={task.status} style={{ display: 'flex', alignItems: 'flex-start', gap: 4 }}>
                      <div style={{ flex: 1, minWidth: 0 }}>
                        <Link
                          href={taskPath(task)}
                          onFollow={(event) => {
                            event.preventDefault();
                            openTask(task.uid);
                          }}
                        >
                          {t('tasks.taskLabel', { id: String(task.id), summary: task.summary })}
                        </Link>
                        <div>
                          <TaskStatusBadge status={task.status} wrapText />
                        </div>
                      </div>
                      <Button variant="icon" iconName="calendar" ariaLabel={t('tasks.calendar.moveTo', { id: String(task.id) })} onClick={() => onMoveRequest(task)} />
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
};
