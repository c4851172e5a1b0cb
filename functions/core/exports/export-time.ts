import type { ExportTimeQuery, TimeExportGroup } from '#shared/schemas/exports';
import type { WorkspaceContext } from '#lib/context';
import { ValidationError } from '#lib/errors';
import type { TaskItem } from '#data/tasks';
import { openableProjects } from '../projects/project-rules';
import { listWorkspaceTimeEntries, type ListTimeEntriesDeps } from '../time/list-time-entries';
import { teamWithNames, type TeamDeps } from '../team/team-view';
import { toCsv, type CsvCell } from './csv';
import { personLabel } from './people';

export type ExportTimeDeps = ListTimeEntriesDeps &
  TeamDeps & { getTaskItems: (ctx: WorkspaceContext, taskIds: readonly string[]) => Promise<Pick<TaskItem, 'taskId' | 'number' | 'summary'>[]> };

const DAY_MS = 86_400_000;
const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/** The ISO week of a day (weeks start on Monday; week 1 holds the year's first Thursday): '2026-W48' and its Monday. */
export const isoWeek = (iso: string): { week: string; monday: string } => {
  const day = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  const weekday = (day.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = new Date(day.getTime() - weekday * DAY_MS);
  const thursday = new Date(monday.getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return { week: `${year}-W${String(week).padStart(2, '0')}`, monday: monday.toISOString().slice(0, 10) };
};

type Row = { day: string; person: string; brand: string; taskId: string; startedAt: string; endedAt: string; seconds: number };

const rollUp = (rows: readonly Row[], keyOf: (row: Row) => string[]) => {
  const totals = new Map<string, { key: string[]; seconds: number; entries: number }>();
  for (const row of rows) {
    const key = keyOf(row);
    const total = totals.get(key.join('\u0000')) ?? { key, seconds: 0, entries: 0 };
    total.seconds += row.seconds;
    total.entries += 1;
    totals.set(key.join('\u0000'), total);
  }
  return [...totals.values()].sort((a, b) => a.key.join('\u0000').localeCompare(b.key.join('\u0000')));
};

/**
 * Finished time entries of the brands the caller may open (as the time list shows them), started within the days
 * asked for, as CSV: one row per entry, or hours rolled up per brand, per person or per ISO week (for invoicing).
 * A running timer is not an entry yet and is left out.
 */
export const exportTimeCsv = async (deps: ExportTimeDeps, ctx: WorkspaceContext, query: ExportTimeQuery): Promise<string> => {
  if (query.from && query.to && query.from > query.to) throw new ValidationError('to', 'to must not be before from');
  const group: TimeExportGroup = query.group ?? 'entries';
  const [{ entries }, directory, team] = await Promise.all([
    listWorkspaceTimeEntries(deps, ctx),
    deps.projectDirectory(ctx),
    teamWithNames(deps, ctx),
  ]);
  const brandName = new Map(openableProjects(ctx, directory).map((p) => [p.projectId, p.name]));
  const person = personLabel(team.members);
  const rows: Row[] = entries
    .filter((e) => e.ended_at !== null)
    .filter((e) => (!query.from || e.started_at.slice(0, 10) >= query.from) && (!query.to || e.started_at.slice(0, 10) <= query.to))
    .map((e) => ({
      day: e.started_at.slice(0, 10),
      person: person(e.user_uid),
      brand: brandName.get(e.project_uid) ?? 'Removed brand',
      taskId: e.task_uid,
      startedAt: e.started_at,
      endedAt: e.ended_at!,
      seconds: e.seconds,
    }))
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt));

  if (group === 'entries') {
    const tasks = new Map((await deps.getTaskItems(ctx, [...new Set(rows.map((r) => r.taskId))])).map((t) => [t.taskId, t]));
    return toCsv(
      ['Date', 'Person', 'Brand', 'Task number', 'Task', 'Started', 'Ended', 'Hours'],
      rows.map((r): CsvCell[] => [r.day, r.person, r.brand, tasks.get(r.taskId)?.number, tasks.get(r.taskId)?.summary ?? 'Deleted task', r.startedAt, r.endedAt, hours(r.seconds)]),
    );
  }
  if (group === 'week') {
    return toCsv(
      ['Week', 'Week starting', 'Brand', 'Hours', 'Entries'],
      rollUp(rows, (r) => {
        const { week, monday } = isoWeek(r.day);
        return [week, monday, r.brand];
      }).map(({ key, seconds, entries: count }) => [...key, hours(seconds), count]),
    );
  }
  const label = group === 'brand' ? 'Brand' : 'Person';
  return toCsv(
    [label, 'Hours', 'Entries'],
    rollUp(rows, (r) => [group === 'brand' ? r.brand : r.person]).map(({ key, seconds, entries: count }) => [...key, hours(seconds), count]),
  );
};
