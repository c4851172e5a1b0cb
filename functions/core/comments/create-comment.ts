import type * as z from 'zod/mini';
import { ATTACHMENT_TYPES, AUDIO_TYPES, MAX_ATTACHMENTS, type createCommentBody } from '#shared/schemas/collab';
import { MAX_MENTIONS, mentionedIds } from '#shared/mentions';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { CommentItem } from '#data/comments';
import type { NotificationEventItem } from '#data/notifications';
import type { GuardedOutcome } from '#data/conditions';
import type { OpenedTask } from '#core/tasks/open-task';
import type { Clock } from '../clock';
import { confirmUploads, ownPendingUploads, type ClaimUploads, type UploadStore } from '../uploads/files';
import { isTaskFileKey } from '../uploads/keys';
import { toComment, type Comment } from './comment-view';
import { whoCanOpen, type AudienceDeps } from '../notifications/audience';
import { commentEvents } from '../notifications/events';

export type CreateCommentDeps = {
  clock: Clock;
  newCommentId: (now: Date) => string;
  openTask: (ctx: WorkspaceContext, taskId: string) => Promise<OpenedTask>;
  createCommentTransaction: (comment: CommentItem, events: readonly NotificationEventItem[]) => Promise<GuardedOutcome>;
  /** Who may be mentioned: members who can open the task. */
  audience: AudienceDeps;
  getUserName: (userId: string) => Promise<string | undefined>;
  claimUploads: ClaimUploads;
  store: UploadStore;
  retryTiming?: RetryTiming;
};

/**
 * Comments on a task the caller may open: text, attachments and/or one audio recording (none of them:
 * comment_empty). Every key must be the caller's own pending upload for this task (else attachment_invalid, and
 * nothing is touched: it may be someone else's); the uploads are confirmed (checked, claimed once, copied to their
 * keys) before anything is saved. The comment and the task's file lists change in one transaction; when the task
 * went away meanwhile the copies are deleted again. Mentions (`@[Name](userId)` tokens) must name members who
 * can open the task (mention_invalid); the comment's notification event (to the mentioned, the creator and the
 * assignee) commits with it.
 */
export const createComment = async (
  deps: CreateCommentDeps,
  ctx: WorkspaceContext,
  taskId: string,
  input: z.output<typeof createCommentBody>,
): Promise<Comment> => {
  const text = input.text ?? '';
  const attachmentKeys = input.attachments ?? [];
  const audioKeys = input.audio ? [input.audio] : [];
  if (!text && attachmentKeys.length === 0 && audioKeys.length === 0) throw new DomainError('comment_empty', { field: 'text' });
  if (attachmentKeys.length > MAX_ATTACHMENTS) throw new DomainError('attachment_too_many');
  if (new Set([...attachmentKeys, ...audioKeys]).size !== attachmentKeys.length + audioKeys.length) throw new DomainError('attachment_invalid', { field: 'attachments' });
  const ofTask = (key: string) => isTaskFileKey(key, ctx.workspaceId, taskId);
  const attachmentUploads = ownPendingUploads(ctx, attachmentKeys, ofTask, 'attachments');
  const audioUploads = ownPendingUploads(ctx, audioKeys, ofTask, 'audio');
  const mentions = mentionedIds(text);
  if (mentions.length > MAX_MENTIONS) throw new DomainError('mention_too_many', { field: 'text' });
  const { task, project } = await deps.openTask(ctx, taskId);
  const mentionable = await whoCanOpen(deps.audience, ctx.workspaceId, task.projectId, mentions);
  if (mentions.some((userId) => !mentionable.has(userId))) throw new DomainError('mention_invalid', { field: 'text' });

  const confirm = { store: deps.store, claimUploads: deps.claimUploads, clock: deps.clock, retryTiming: deps.retryTiming };
  const [attachments, audio] = await Promise.all([
    confirmUploads(confirm, ctx, attachmentUploads, ATTACHMENT_TYPES, 'attachments'),
    confirmUploads(confirm, ctx, audioUploads, AUDIO_TYPES, 'audio'),
  ]);
  const now = deps.clock();
  const commentId = deps.newCommentId(now);
  const item: CommentItem = {
    workspaceId: ctx.workspaceId,
    taskId,
    commentId,
    author: ctx.userId,
    text,
    mentions,
    attachments: attachments.map((file) => ({ ...file, commentId })),
    audio: audio.map((file) => ({ ...file, commentId })),
    createdAt: now.toISOString(),
  };
  const events = commentEvents({ task, project, now, actorId: ctx.userId, text, mentions });
  try {
    await retry(
      async () => {
        const outcome = await deps.createCommentTransaction(item, events);
        if (outcome === 'done') return undefined;
        if (outcome === 'conflict') return RETRY;
        // The task's write failed its condition: the task was deleted meanwhile.
        throw new DomainError('task_not_found');
      },
      { exhausted: 'service_busy', ...deps.retryTiming },
    );
  } catch (error) {
    // Nothing refers to the confirmed copies.
    const copies = [...attachments, ...audio].map((file) => file.key);
    if (copies.length) await deps.store.deleteObjects(copies);
    throw error;
  }
  return toComment(deps.store.signDownload, item, (await deps.getUserName(ctx.userId)) ?? null);
};
