import * as tokens from '@cloudscape-design/design-tokens';
import type { Task } from '#shared/schemas/task';
import { format } from 'date-fns';
import { useState } from 'react';
import { inMonth, weekdayDates, type CalendarMode } from '../internal/calendar-range';
import { CalendarDay } from './calendar-day';

export type CalendarGridProps = {
  mode: CalendarMode;
  /** The day the view is anchored on (its month is the month shown). */
  anchor: string;
  today: string;
  weeks: string[][];
  /** Tasks by due day. */
  days: ReadonlyMap<string, Task[]>;
  label: string;
  onReschedule: (task: Task, day: string) => void;
  onMoveRequest: (task: Task) => void;
};

/** The weeks of the range as a table, a column per weekday; a chip dragged onto another day is due then. */
export const CalendarGrid = ({ mode, anchor, today, weeks, days, label, onReschedule, onMoveRequest }: CalendarGridProps) => {
  const [dragging, setDragging] = useState<Task | null>(null);
  const [overDay, setOverDay] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggleExpanded = (day: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(day)) next.delete(day);
      else next.add(day);
      return next;
    });
  const endDrag = () => {
    setDragging(null);
    setOverDay(null);
  };

  return (
    <table data-testid="calendar" aria-label={label} style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}>
      <thead>
        <tr>
          {weekdayDates().map((date) => (
            <th key={date.getDay()} scope="col" style={{ padding: '6px 4px', textAlign: 'left', fontWeight: 700, fontSize: tokens.fontSizeBodyS }}>
              <abbr title={format(date, 'EEEE')} style={{ textDecoration: 'none' }}>
                {format(date, 'EEE')}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => (
              <CalendarDay
                key={day}
                day={day}
                mode={mode}
                tasks={days.get(day) ?? []}
                isToday={day === today}
                muted={mode === 'month' && !inMonth(day, anchor)}
                expanded={expanded.has(day)}
                onToggleExpanded={toggleExpanded}
                dragging={dragging}
                over={overDay === day}
                onDragOverDay={setOverDay}
                onDragStart={setDragging}
                onDragEnd={endDrag}
                onDrop={(task, target) => {
                  endDrag();
                  onReschedule(task, target);
                }}
                onMoveRequest={onMoveRequest}
              />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
};
