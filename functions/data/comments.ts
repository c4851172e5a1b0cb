import type { EntityItem } from 'electrodb';
import type { WorkspaceContext } from '#lib/context';
import { db } from './db';
import { allExactly, exactly } from './exact-ids';
import { cancelledOutcome, type GuardedOutcome } from './conditions';
import type { commentEntity } from './task-entities';
import type { NotificationEventItem } from './notifications';

export type CommentItem = EntityItem<typeof commentEntity>;
/** A file as comment and task items keep it (the comment's id on each, so deleting the comment finds its files). */
export type FileItem = { key: string; name: string; size: number; contentType: string; commentId?: string };

/** A task's comments, oldest first (time-ordered ids), every page (pattern: commentsOfTask). */
export const listCommentItems = async (ctx: Pick<WorkspaceContext, 'workspaceId'>, taskId: string): Promise<CommentItem[]> => {
  const { data } = await db().entities.comment.query.primary({ workspaceId: ctx.workspaceId, taskId }).go({ order: 'asc', pages: 'all' });
  return allExactly(data, { workspaceId: ctx.workspaceId, taskId });
};

/** One comment of a task (pattern: commentById). */
export const getCommentItem = async (ctx: Pick<WorkspaceContext, 'workspaceId'>, taskId: string, commentId: string): Promise<CommentItem | undefined> => {
  const { data } = await db().entities.comment.get({ workspaceId: ctx.workspaceId, taskId, commentId }).go();
  return exactly(data, { workspaceId: ctx.workspaceId, taskId, commentId });
};

/**
 * The comment and its files on the task's `attachments`/`audio` lists, in one TransactWriteItems (pattern:
 * createComment). The task patch exists only if the task does, so a comment never outlives its task's deletion
 * racing it: `stale` then means the task is gone. Appending lists touches no index key, so no index attributes.
 * The comment's notification event (the outbox record) commits with it.
 */
export const createCommentTransaction = async (comment: CommentItem, events: readonly NotificationEventItem[] = []): Promise<GuardedOutcome> => {
  const { workspaceId, taskId } = comment;
  const attachments = comment.attachments ?? [];
  const audio = comment.audio ?? [];
  const { canceled, data } = await db()
    .transaction.write(({ comment: comments, task, notificationEvent }) => [
      comments.create(comment).commit(),
      ...events.map((event) => notificationEvent.create(event).commit()),
      attachments.length || audio.length
        ? task
            .patch({ workspaceId, taskId })
            .append({ ...(attachments.length ? { attachments } : {}), ...(audio.length ? { audio } : {}) })
            .commit()
        : task.check({ workspaceId, taskId }).where(({ taskId: id }, { exists }) => exists(id)).commit(),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};

/** The task's file lists as read: the delete writes the lists without the comment's files only if they are still these. */
export type TaskFileLists = { attachments?: FileItem[]; audio?: FileItem[] };

/**
 * Deletes the comment and takes its files off the task's lists in one TransactWriteItems (pattern:
 * deleteComment). A list is rewritten only if it still equals the one read (a comment added or deleted meanwhile
 * makes it `stale`: read again and retry).
 */
export const deleteCommentTransaction = async (comment: CommentItem, read: TaskFileLists): Promise<GuardedOutcome> => {
  const { workspaceId, taskId, commentId } = comment;
  const mine = (file: FileItem) => file.commentId === commentId;
  const touched = (['attachments', 'audio'] as const).filter((list) => (read[list] ?? []).some(mine));
  const { canceled, data } = await db()
    .transaction.write(({ comment: comments, task }) => [
      comments.delete({ workspaceId, taskId, commentId }).where(({ commentId: id }, { exists }) => exists(id)).commit(),
      ...(touched.length
        ? [
            task
              .patch({ workspaceId, taskId })
              .set(Object.fromEntries(touched.map((list) => [list, read[list]!.filter((file) => !mine(file))])))
              .where((attr, { eq }) => touched.map((list) => eq(attr[list], read[list] as any)).join(' AND '))
              .commit(),
          ]
        : []),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};
