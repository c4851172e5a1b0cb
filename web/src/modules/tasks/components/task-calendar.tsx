import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import * as tokens from '@cloudscape-design/design-tokens';
import type { Task } from '#shared/schemas/task';
import { format } from 'date-fns';
import { useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatDate } from '../../../ui/format-date';
import { visuallyHiddenStyle } from '../../../ui/visually-hidden';
import {
  byDueDay,
  calendarRange,
  CALENDAR_MODES,
  fromDay,
  inMonth,
  shiftAnchor,
  toDay,
  weekdayDates,
  type CalendarMode,
} from '../internal/calendar-range';
import { openTask } from '../task-events';
import { statusLabel } from '../task-labels';
import type { ListTasksInput } from '../task-query';
import { updateTask } from '../task-service';
import { useTaskStore } from '../task-store';
import { CALENDAR_TASK_CAP, useRangeTasks } from '../use-task-lists';
import { TASK_DRAG_TYPE } from './kanban-card';
import { taskPath } from './task-table-config';

export type TaskCalendarProps = {
  workspaceId: string;
  /** The filters as the list route's query; the calendar adds the visible range as due_from/due_to. */
  query: ListTasksInput;
};

const MODE_PARAM = 'calendar';
const DATE_PARAM = 'date';
/** A month cell lists this many chips, then "+N more". */
const MONTH_CHIPS = 4;

const chipStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 2,
  borderRadius: tokens.borderRadiusBadge,
  background: tokens.colorBackgroundContainerHeader,
  border: `1px solid ${tokens.colorBorderDividerDefault}`,
  padding: '0 2px 0 6px',
  cursor: 'grab',
  minWidth: 0,
  userSelect: 'none',
};
const chipLabel: CSSProperties = {
  flex: 1,
  minWidth: 0,
  padding: '2px 0',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
};

/**
 * The calendar view: tasks by due date, a month (whole weeks) or a week at a time, today marked. Dragging a chip to
 * another day (or "Move to another date" beside it) changes its due date at once and asks the server; a refusal
 * puts it back. Mode and shown date stay in the query string, so a reload shows the same range.
 */
export const TaskCalendar = ({ workspaceId, query }: TaskCalendarProps) => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode: CalendarMode = CALENDAR_MODES.find((value) => value === params.get(MODE_PARAM)) ?? 'month';
  const today = toDay(new Date());
  const anchor = fromDay(params.get(DATE_PARAM)) ? (params.get(DATE_PARAM) as string) : today;
  const range = useMemo(() => calendarRange(mode, anchor), [mode, anchor]);
  const rangeQuery = useMemo(() => ({ ...query, due_from: range.from, due_to: range.to, limit: '100' }), [query, range.from, range.to]);
  const list = useRangeTasks(workspaceId, rangeQuery);
  const entities = useTaskStore((state) => state.entities);
  const [dragging, setDragging] = useState<Task | null>(null);
  const [overDay, setOverDay] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [moveTarget, setMoveTarget] = useState<Task | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const tasks = useMemo(
    () =>
      list.uids
        .map((uid) => entities[uid])
        .filter((task): task is Task => !!task)
        .sort((a, b) => b.priority.localeCompare(a.priority) || a.id - b.id),
    [list.uids, entities],
  );
  const days = useMemo(() => byDueDay(tasks), [tasks]);

  const setView = (next: { mode?: CalendarMode; date?: string }) =>
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        if (next.mode) search.set(MODE_PARAM, next.mode);
        if (next.date) search.set(DATE_PARAM, next.date);
        return search;
      },
      { replace: true },
    );

  const reschedule = async (task: Task, day: string) => {
    if (task.due_date?.slice(0, 10) === day) return;
    try {
      await updateTask(task.uid, { due_date: day });
      setAnnouncement(t('tasks.rescheduled', { id: String(task.id), date: formatDate(day) }));
    } catch {
      // Back on its old day (store rollback); the API client showed why.
    }
  };

  const anchorDate = fromDay(anchor) ?? new Date();
  const title =
    mode === 'month'
      ? format(anchorDate, 'MMMM yyyy')
      : t('tasks.calendar.weekRange', { start: formatDate(range.from), end: formatDate(range.to) });
  const weekdays = weekdayDates();

  return (
    <Container
      disableContentPaddings
      header={
        <Header
          variant="h2"
          description={t('tasks.calendar.noDueDateNote')}
          actions={
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <SegmentedControl
                label={t('tasks.calendar.mode')}
                selectedId={`calendar-${mode}`}
                options={[
                  { id: 'calendar-month', text: t('tasks.calendar.month') },
                  { id: 'calendar-week', text: t('tasks.calendar.week') },
                ]}
                onChange={({ detail }) => setView({ mode: detail.selectedId.replace(/^calendar-/, '') as CalendarMode })}
              />
              <Button
                iconName="angle-left"
                variant="icon"
                ariaLabel={mode === 'month' ? t('tasks.calendar.previousMonth') : t('tasks.calendar.previousWeek')}
                onClick={() => setView({ date: shiftAnchor(mode, anchor, -1) })}
              />
              <Button onClick={() => setView({ date: today })}>{t('tasks.calendar.today')}</Button>
              <Button
                iconName="angle-right"
                variant="icon"
                ariaLabel={mode === 'month' ? t('tasks.calendar.nextMonth') : t('tasks.calendar.nextWeek')}
                onClick={() => setView({ date: shiftAnchor(mode, anchor, 1) })}
              />
            </SpaceBetween>
          }
        >
          <span aria-live="polite">{title}</span>
        </Header>
      }
    >
      <div style={{ padding: '0 12px 12px' }}>
        {list.status === 'error' && (
          <Alert type="error" action={<Button onClick={list.reload}>{t('tasks.retry')}</Button>}>
            {t('tasks.loadFailed')}
          </Alert>
        )}
        {list.truncated && <Alert type="info">{t('tasks.calendar.tooMany', { count: CALENDAR_TASK_CAP })}</Alert>}
        {list.status === 'loading' && (
          <Box padding={{ vertical: 'xs' }}>
            <StatusIndicator type="loading">{t('tasks.loading')}</StatusIndicator>
          </Box>
        )}
        <table
          data-testid="calendar"
          aria-label={`${t('tasks.calendar.label')}, ${title}`}
          style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}
        >
          <thead>
            <tr>
              {weekdays.map((date) => (
                <th key={date.getDay()} scope="col" style={{ padding: '6px 4px', textAlign: 'left', fontWeight: 700, fontSize: tokens.fontSizeBodyS }}>
                  <abbr title={format(date, 'EEEE')} style={{ textDecoration: 'none' }}>
                    {format(date, 'EEE')}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {range.weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((day) => {
                  const dayTasks = days.get(day) ?? [];
                  const isToday = day === today;
                  const muted = mode === 'month' && !inMonth(day, anchor);
                  const open = mode === 'week' || expanded.has(day);
                  const shown = open ? dayTasks : dayTasks.slice(0, MONTH_CHIPS);
                  const droppable = !!dragging && dragging.due_date?.slice(0, 10) !== day;
                  return (
                    <td
                      key={day}
                      data-date={day}
                      aria-current={isToday ? 'date' : undefined}
                      onDragOver={(event) => {
                        if (!droppable || !event.dataTransfer.types.includes(TASK_DRAG_TYPE)) return;
                        event.preventDefault();
                        event.dataTransfer.dropEffect = 'move';
                        if (overDay !== day) setOverDay(day);
                      }}
                      onDragLeave={(event) => {
                        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOverDay(null);
                      }}
                      onDrop={(event) => {
                        setOverDay(null);
                        if (!dragging || !droppable) return;
                        event.preventDefault();
                        void reschedule(dragging, day);
                        setDragging(null);
                      }}
                      style={{
                        verticalAlign: 'top',
                        height: mode === 'week' ? 360 : 128,
                        padding: 4,
                        border: `1px solid ${tokens.colorBorderDividerDefault}`,
                        background: overDay === day ? tokens.colorBackgroundItemSelected : muted ? tokens.colorBackgroundLayoutMain : undefined,
                        outline: isToday ? `2px solid ${tokens.colorBorderItemFocused}` : undefined,
                        outlineOffset: -2,
                      }}
                    >
                      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 4 }}>
                        <span
                          style={{
                            fontSize: tokens.fontSizeBodyS,
                            fontWeight: isToday ? 700 : 400,
                            color: muted ? tokens.colorTextBodySecondary : tokens.colorTextBodyDefault,
                          }}
                        >
                          <span aria-hidden="true">{format(fromDay(day) ?? new Date(), mode === 'week' ? 'MMM d' : 'd')}</span>
                          <span style={visuallyHiddenStyle}>
                            {t('tasks.calendar.dayLabel', { date: format(fromDay(day) ?? new Date(), 'EEEE, MMMM d'), count: dayTasks.length })}
                            {isToday ? ` ${t('tasks.calendar.todayMarker')}` : ''}
                          </span>
                        </span>
                      </div>
                      {shown.length > 0 && (
                        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 3 }}>
                          {shown.map((task) => (
                            <li key={task.uid}>
                              <CalendarChip
                                task={task}
                                onDragStart={setDragging}
                                onDragEnd={() => {
                                  setDragging(null);
                                  setOverDay(null);
                                }}
                                onMoveRequest={setMoveTarget}
                              />
                            </li>
                          ))}
                        </ul>
                      )}
                      {mode === 'month' && dayTasks.length > MONTH_CHIPS && (
                        <Button
                          variant="inline-link"
                          onClick={() =>
                            setExpanded((current) => {
                              const next = new Set(current);
                              if (next.has(day)) next.delete(day);
                              else next.add(day);
                              return next;
                            })
                          }
                        >
                          {open ? t('tasks.calendar.less') : t('tasks.calendar.more', { count: dayTasks.length - MONTH_CHIPS })}
                        </Button>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div aria-live="polite" style={visuallyHiddenStyle}>
        {announcement}
      </div>
      {moveTarget && (
        <MoveToDateModal
          task={moveTarget}
          onDismiss={() => setMoveTarget(null)}
          onMove={(day) => {
            const task = moveTarget;
            setMoveTarget(null);
            void reschedule(task, day);
          }}
        />
      )}
    </Container>
  );
};

type CalendarChipProps = {
  task: Task;
  onDragStart: (task: Task) => void;
  onDragEnd: () => void;
  onMoveRequest: (task: Task) => void;
};

/** A task on its due day: its number and summary open it; the calendar button beside it moves it by keyboard. */
const CalendarChip = ({ task, onDragStart, onDragEnd, onMoveRequest }: CalendarChipProps) => {
  const { t } = useTranslation();
  const label = t('tasks.taskLabel', { id: String(task.id), summary: task.summary });
  return (
    <div
      data-testid="calendar-task"
      data-task-id={task.uid}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(TASK_DRAG_TYPE, task.uid);
        event.dataTransfer.effectAllowed = 'move';
        onDragStart(task);
      }}
      onDragEnd={onDragEnd}
      style={chipStyle}
      title={`${label} · ${statusLabel(task.status)}`}
    >
      {/* A link (not a button) so a drag may start on it; a click opens the dialog, a middle click the page. */}
      <span style={chipLabel}>
        <Link
          href={taskPath(task)}
          fontSize="body-s"
          onFollow={(event) => {
            event.preventDefault();
            openTask(task.uid);
          }}
        >
          {label}
        </Link>
      </span>
      <Button variant="inline-icon" iconName="calendar" ariaLabel={t('tasks.calendar.moveTo', { id: String(task.id) })} onClick={() => onMoveRequest(task)} />
    </div>
  );
};

type MoveToDateModalProps = { task: Task; onDismiss: () => void; onMove: (day: string) => void };

/** The keyboard way to reschedule: pick the new due date. */
const MoveToDateModal = ({ task, onDismiss, onMove }: MoveToDateModalProps) => {
  const { t } = useTranslation();
  const [value, setValue] = useState(task.due_date?.slice(0, 10) ?? '');
  const valid = !!fromDay(value);
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      header={t('tasks.calendar.moveTitle', { id: String(task.id) })}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              {t('tasks.calendar.cancel')}
            </Button>
            <Button variant="primary" disabled={!valid} onClick={() => onMove(value)}>
              {t('tasks.calendar.moveSubmit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onMove(value);
        }}
      >
        <FormField label={t('tasks.calendar.moveDate')} constraintText={t('tasks.calendar.datePicker.constraint')}>
          <DatePicker value={value} onChange={({ detail }) => setValue(detail.value)} placeholder={t('tasks.form.datePlaceholder')} autoFocus />
        </FormField>
      </form>
    </Modal>
  );
};
