import { openTask, type OpenedTask } from '#core/tasks/open-task';
import { getProjectAndMember } from '#data/projects';
import { getTaskItem } from '#data/tasks';
import type { WorkspaceContext } from '#lib/context';

/** openTask on the table: what every /tickets/{id}/... handler calls first. */
export const openTaskFor = (ctx: WorkspaceContext, taskId: string): Promise<OpenedTask> =>
  openTask({ getTaskItem, getProjectAndMember }, ctx, taskId);
