import type { z } from 'zod/mini';
import type { timeEntries } from '#shared/schemas/workspace';
import type { WorkspaceContext } from '#lib/context';
import type { TimeEntryItem } from '#data/time-entries';
import { openableProjects, type ReadProjectDirectory } from '../projects/project-rules';
import { toTaskTimeEntry } from './task-time-entries';

/** The API shape of a workspace's time entries; `hasTimeTracking` says whether anyone has tracked time yet. */
export const toTimeEntries = (items: TimeEntryItem[]): z.output<typeof timeEntries> => ({
  hasTimeTracking: items.length > 0,
  entries: items.map(toTaskTimeEntry),
});

export type ListTimeEntriesDeps = {
  listTimeEntries: (ctx: WorkspaceContext) => Promise<TimeEntryItem[]>;
  projectDirectory: ReadProjectDirectory;
};

/**
 * The workspace's time entries the caller may see: those of the projects they can open, as the task list
 * filters (a workspace admin opens every project, so their list is not filtered and costs no project read).
 */
export const listWorkspaceTimeEntries = async (deps: ListTimeEntriesDeps, ctx: WorkspaceContext): Promise<z.output<typeof timeEntries>> => {
  if (ctx.role === 'admin') return toTimeEntries(await deps.listTimeEntries(ctx));
  const [items, directory] = await Promise.all([deps.listTimeEntries(ctx), deps.projectDirectory(ctx)]);
  const open = new Set(openableProjects(ctx, directory).map((project) => project.projectId));
  return toTimeEntries(items.filter((item) => open.has(item.projectId)));
};
