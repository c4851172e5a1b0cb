import Button from '@cloudscape-design/components/button';
import * as tokens from '@cloudscape-design/design-tokens';
import type { Task } from '#shared/schemas/task';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { visuallyHiddenStyle } from '../../../ui/visually-hidden';
import { fromDay, type CalendarMode } from '../internal/calendar-range';
import { CalendarChip, TASK_DRAG_TYPE } from './calendar-chip';

/** A month cell lists this many chips, then "+N more". */
const MONTH_CHIPS = 4;

export type CalendarDayProps = {
  day: string;
  mode: CalendarMode;
  tasks: Task[];
  isToday: boolean;
  /** A day of the neighbouring month, shown to complete the weeks. */
  muted: boolean;
  expanded: boolean;
  onToggleExpanded: (day: string) => void;
  /** The chip being dragged, if any. */
  dragging: Task | null;
  over: boolean;
  onDragOverDay: (day: string | null) => void;
  onDragStart: (task: Task) => void;
  onDragEnd: () => void;
  onDrop: (task: Task, day: string) => void;
  onMoveRequest: (task: Task) => void;
};

/** One day of the grid: its number, its tasks as chips (a month cell folds the rest), and a drop target for a chip. */
export const CalendarDay = (props: CalendarDayProps) => {
  const { day, mode, tasks, isToday, muted, expanded, dragging, over } = props;
  const { t } = useTranslation();
  const open = mode === 'week' || expanded;
  const shown = open ? tasks : tasks.slice(0, MONTH_CHIPS);
  const droppable = !!dragging && dragging.due_date?.slice(0, 10) !== day;
  const date = fromDay(day) ?? new Date();
  return (
    <td
      data-date={day}
      aria-current={isToday ? 'date' : undefined}
      onDragOver={(event) => {
        if (!droppable || !event.dataTransfer.types.includes(TASK_DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        if (!over) props.onDragOverDay(day);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) props.onDragOverDay(null);
      }}
      onDrop={(event) => {
        props.onDragOverDay(null);
        if (!dragging || !droppable) return;
        event.preventDefault();
        props.onDrop(dragging, day);
      }}
      style={{
        verticalAlign: 'top',
        height: mode === 'week' ? 360 : 128,
        padding: 4,
        border: `1px solid ${tokens.colorBorderDividerDefault}`,
        background: over ? tokens.colorBackgroundItemSelected : muted ? tokens.colorBackgroundLayoutMain : undefined,
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
          <span aria-hidden="true">{format(date, mode === 'week' ? 'MMM d' : 'd')}</span>
          <span style={visuallyHiddenStyle}>
            {t('tasks.calendar.dayLabel', { date: format(date, 'EEEE, MMMM d'), count: tasks.length })}
            {isToday ? ` ${t('tasks.calendar.todayMarker')}` : ''}
          </span>
        </span>
      </div>
      {shown.length > 0 && (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 3 }}>
          {shown.map((task) => (
            <li key={task.uid}>
              <CalendarChip task={task} onDragStart={props.onDragStart} onDragEnd={props.onDragEnd} onMoveRequest={props.onMoveRequest} />
            </li>
          ))}
        </ul>
      )}
      {mode === 'month' && tasks.length > MONTH_CHIPS && (
        <Button variant="inline-link" onClick={() => props.onToggleExpanded(day)}>
          {open ? t('tasks.calendar.less') : t('tasks.calendar.more', { count: tasks.length - MONTH_CHIPS })}
        </Button>
      )}
    </td>
  );
};
