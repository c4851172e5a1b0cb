import type { WorkspaceContext } from '#lib/context';
import { db } from './db';
import { unlessRefused } from './conditions';

/**
 * Stores a task's last brand-fit check on the task item (pattern: taskById), alone: no version bump, so it never
 * makes a concurrent edit stale, and an edit racing it makes the check stale by its fingerprint instead. False when
 * the task is gone.
 */
export const saveTaskBrandFit = async (ctx: Pick<WorkspaceContext, 'workspaceId'>, taskId: string, stored: unknown): Promise<boolean> => {
  return unlessRefused(async () => {
    await db().entities.task.patch({ workspaceId: ctx.workspaceId, taskId }).set({ brandFit: stored }).go({ response: 'none' });
    return true;
  }, false);
};
