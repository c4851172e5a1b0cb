import { MAX_EXPORT_ROWS, type ExportTasksQuery } from '#shared/schemas/exports';
import { MAX_TASK_PAGE_SIZE, type Task } from '#shared/schemas/task';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { listTasks, type ListTasksDeps } from '../tasks/list-tasks';
import { taskPagePath } from '../tasks/task-links';
import { teamWithNames, type TeamDeps } from '../team/team-view';
import { toCsv } from './csv';
import { personLabel } from './people';

export type ExportTasksDeps = Omit<ListTasksDeps, 'signFile'> & TeamDeps;

const HEADER = [
  'Number', 'Summary', 'Brand', 'Status', 'Priority', 'Type', 'Assignee', 'Due date', 'Milestone', 'Tags', 'Platform',
  'Estimate (hours)', 'Time spent (hours)', 'Created by', 'Created', 'Updated', 'Link',
];

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/**
 * Every task the list shows for these filters (the brands the caller may open), as CSV: the list read a page of
 * 100 at a time, the brand directory read once. More than MAX_EXPORT_ROWS asks for narrower filters instead of a partial file.
 */
export const exportTasksCsv = async (deps: ExportTasksDeps, ctx: WorkspaceContext, query: ExportTasksQuery): Promise<string> => {
  const directory = deps.projectDirectory(ctx);
  const listDeps: ListTasksDeps = { ...deps, projectDirectory: () => directory, signFile: async () => '' };
  const tasks: Task[] = [];
  let cursor: string | undefined;
  do {
    const { page } = await listTasks(listDeps, ctx, { ...query, limit: MAX_TASK_PAGE_SIZE, cursor });
    tasks.push(...page.items);
    cursor = page.cursor ?? undefined;
    if (tasks.length > MAX_EXPORT_ROWS) throw new DomainError('export_too_large');
  } while (cursor);
  const { members } = await teamWithNames(deps, ctx);
  const person = personLabel(members);
  return toCsv(
    HEADER,
    tasks.map((task) => [
      task.id, task.summary, task.project, task.status, task.priority, task.ticket_type, person(task.assignee), task.due_date,
      task.milestone, task.tags.join(', '), task.post_platform ?? task.platform, task.estimate, hours(task.total_spent),
      person(task.created_by), task.created_at, task.updated_at, `${deps.appUrl}${taskPagePath(task.projects.slug, task.uid)}`,
    ]),
  );
};
