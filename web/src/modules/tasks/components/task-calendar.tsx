import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { Task } from '#shared/schemas/task';
import { format } from 'date-fns';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageSearchParams } from '../../../ui/use-page-search-params';
import { formatDate } from '../../../ui/format-date';
import { PHONE_QUERY, useMediaQuery } from '../../../ui/use-media-query';
import { visuallyHiddenStyle } from '../../../ui/visually-hidden';
import { byDueDay, calendarRange, CALENDAR_MODES, CALENDAR_STATUSES, fromDay, shiftAnchor, toDay, type CalendarMode } from '../internal/calendar-range';
import type { ListTasksInput } from '../task-query';
import { useTaskStore } from '../task-store';
import { useTaskChange } from '../use-task-change';
import { CALENDAR_TASK_CAP, useRangeTasks } from '../use-task-lists';
import { CalendarAgenda } from './calendar-agenda';
import { CalendarGrid } from './calendar-grid';
import { MoveToDateModal } from './move-to-date-modal';

export type TaskCalendarProps = {
  workspaceId: string;
  /** The filters as the list route's query; the calendar adds the visible range as due_from/due_to and asks for every status. */
  query: ListTasksInput;
};

const MODE_PARAM = 'calendar';
const DATE_PARAM = 'date';

/** Mode and shown date, kept in the query string so a reload shows the same range. */
const useCalendarView = () => {
  const [params, setParams] = usePageSearchParams();
  const mode: CalendarMode = CALENDAR_MODES.find((value) => value === params.get(MODE_PARAM)) ?? 'month';
  const today = toDay(new Date());
  const anchor = fromDay(params.get(DATE_PARAM)) ? (params.get(DATE_PARAM) as string) : today;
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
  return { mode, anchor, today, setView };
};

type CalendarToolbarProps = { mode: CalendarMode; anchor: string; today: string; setView: ReturnType<typeof useCalendarView>['setView'] };

/** Month or week, and the way back, to today and on. */
const CalendarToolbar = ({ mode, anchor, today, setView }: CalendarToolbarProps) => {
  const { t } = useTranslation();
  return (
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
  );
};

/**
 * The calendar view: tasks by due date, a month (whole weeks) or a week at a time, today marked. Dragging a chip to
 * another day (or "Move to another date" beside it) changes its due date at once and asks the server; a refusal
 * puts it back and the API client shows why.
 */
export const TaskCalendar = ({ workspaceId, query }: TaskCalendarProps) => {
  const { t } = useTranslation();
  const { mode, anchor, today, setView } = useCalendarView();
  const range = useMemo(() => calendarRange(mode, anchor), [mode, anchor]);
  const rangeQuery = useMemo(
    () => ({ ...query, status: CALENDAR_STATUSES.join(','), due_from: range.from, due_to: range.to, limit: '100' }),
    [query, range.from, range.to],
  );
  const phone = useMediaQuery(PHONE_QUERY);
  const list = useRangeTasks(workspaceId, rangeQuery);
  const entities = useTaskStore((state) => state.entities);
  const change = useTaskChange();
  const [moveTarget, setMoveTarget] = useState<Task | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const days = useMemo(
    () =>
      byDueDay(
        list.uids
          .map((uid) => entities[uid])
          .filter((task): task is Task => !!task)
          .sort((a, b) => b.priority.localeCompare(a.priority) || a.id - b.id),
      ),
    [list.uids, entities],
  );

  const reschedule = (task: Task, day: string) => {
    if (task.due_date?.slice(0, 10) === day) return;
    change.mutate(
      { uid: task.uid, patch: { due_date: day } },
      { onSuccess: () => setAnnouncement(t('tasks.rescheduled', { id: String(task.id), date: formatDate(day) })) },
    );
  };

  const title =
    mode === 'month' ? format(fromDay(anchor) ?? new Date(), 'MMMM yyyy') : t('tasks.calendar.weekRange', { start: formatDate(range.from), end: formatDate(range.to) });

  return (
    <Container
      disableContentPaddings
      header={
        <Header variant="h2" description={phone ? t('pipeline.calendar.everyStatus') : `${t('pipeline.calendar.everyStatus')} ${t('pipeline.calendar.dragHint')}`} actions={<CalendarToolbar mode={mode} anchor={anchor} today={today} setView={setView} />}>
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
        {phone ? (
          list.status !== 'loading' && (
            <CalendarAgenda
              mode={mode}
              anchor={anchor}
              today={today}
              range={range}
              days={days}
              label={t('pipeline.calendar.agendaLabel', { range: title })}
              onMoveRequest={setMoveTarget}
            />
          )
        ) : (
          <CalendarGrid
            mode={mode}
            anchor={anchor}
            today={today}
            weeks={range.weeks}
            days={days}
            label={`${t('tasks.calendar.label')}, ${title}`}
            onReschedule={reschedule}
            onMoveRequest={setMoveTarget}
          />
        )}
      </div>
      <div aria-live="polite" style={visuallyHiddenStyle}>
        {announcement}
      </div>
      {moveTarget && (
        <MoveToDateModal
          task={moveTarget}
          onDismiss={() => setMoveTarget(null)}
          onMove={(day) => {
            setMoveTarget(null);
            reschedule(moveTarget, day);
          }}
        />
      )}
    </Container>
  );
};
