import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { CommentItem, TaskFileLists } from '#data/comments';
import type { GuardedOutcome } from '#data/conditions';
import type { OpenedTask } from '#core/tasks/open-task';
import type { UploadStore } from '../uploads/files';

export type DeleteCommentDeps = {
  openTask: (ctx: WorkspaceContext, taskId: string) => Promise<OpenedTask>;
  getCommentItem: (ctx: WorkspaceContext, taskId: string, commentId: string) => Promise<CommentItem | undefined>;
  deleteCommentTransaction: (comment: CommentItem, read: TaskFileLists) => Promise<GuardedOutcome>;
  deleteObjects: UploadStore['deleteObjects'];
  retryTiming?: RetryTiming;
};

/**
 * Deletes a comment: its author may, and a workspace admin (else comment_not_yours). Its files leave the task's
 * lists in the same transaction (retried when the lists changed meanwhile), then the objects are deleted.
 */
export const deleteComment = async (deps: DeleteCommentDeps, ctx: WorkspaceContext, taskId: string, commentId: string): Promise<void> => {
  const deleted = await retry(
    async () => {
      const { task } = await deps.openTask(ctx, taskId);
      const comment = await deps.getCommentItem(ctx, taskId, commentId);
      if (!comment) throw new DomainError('comment_not_found');
      if (comment.author !== ctx.userId && ctx.role !== 'admin') throw new DomainError('comment_not_yours');
      const outcome = await deps.deleteCommentTransaction(comment, { attachments: task.attachments, audio: task.audio });
      return outcome === 'done' ? comment : RETRY;
    },
    { exhausted: 'task_changed', ...deps.retryTiming },
  );
  const keys = [...(deleted.attachments ?? []), ...(deleted.audio ?? [])].map((file) => file.key);
  if (keys.length) await deps.deleteObjects(keys);
};
