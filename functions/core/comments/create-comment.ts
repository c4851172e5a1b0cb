import type * as z from 'zod/mini';
import { ATTACHMENT_TYPES, AUDIO_TYPES, MAX_ATTACHMENTS, type createCommentBody } from '#shared/schemas/collab';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { CommentItem } from '#data/comments';
import type { GuardedOutcome } from '#data/conditions';
import type { OpenedTask } from '#core/tasks/open-task';
import type { Clock } from '../clock';
import { acceptUploads, type UploadStore } from '../uploads/files';
import { isTaskFileKey } from '../uploads/keys';
import { toComment, type Comment } from './comment-view';

export type CreateCommentDeps = {
  clock: Clock;
  newCommentId: (now: Date) => string;
  openTask: (ctx: WorkspaceContext, taskId: string) => Promise<OpenedTask>;
  createCommentTransaction: (comment: CommentItem) => Promise<GuardedOutcome>;
  getUserName: (userId: string) => Promise<string | undefined>;
  store: UploadStore;
};

const MAX_ATTEMPTS = 3;

/**
 * Comments on a task the caller may open: text, attachments and/or one audio recording (none of them:
 * comment_empty). Every key must be an upload of this task (else attachment_invalid, and nothing is deleted: it
 * is not the caller's); each object is checked (size, type) and a bad one deleted before anything is saved. The
 * comment and the task's file lists change in one transaction.
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
  if (!text && attachmentKeys.length === 0 && audioKeys.length === 0) throw new DomainError('comment_empty');
  if (attachmentKeys.length > MAX_ATTACHMENTS) throw new DomainError('attachment_too_many');
  const keys = [...attachmentKeys, ...audioKeys];
  if (new Set(keys).size !== keys.length || keys.some((key) => !isTaskFileKey(key, ctx.workspaceId, taskId))) {
    throw new DomainError('attachment_invalid');
  }
  await deps.openTask(ctx, taskId);

  const [attachments, audio] = await Promise.all([
    acceptUploads(deps.store, attachmentKeys, ATTACHMENT_TYPES),
    acceptUploads(deps.store, audioKeys, AUDIO_TYPES),
  ]);
  const now = deps.clock();
  const commentId = deps.newCommentId(now);
  const item: CommentItem = {
    workspaceId: ctx.workspaceId,
    taskId,
    commentId,
    author: ctx.userId,
    text,
    attachments: attachments.map((file) => ({ ...file, commentId })),
    audio: audio.map((file) => ({ ...file, commentId })),
    createdAt: now.toISOString(),
  };
  for (let attempt = 1; ; attempt++) {
    const outcome = await deps.createCommentTransaction(item);
    if (outcome === 'done') break;
    // The task's write failed its condition: the task was deleted meanwhile.
    if (outcome === 'stale') throw new DomainError('task_not_found');
    if (attempt === MAX_ATTEMPTS) throw new Error(`Creating comment gave '${outcome}' ${MAX_ATTEMPTS} times`);
  }
  return toComment(deps.store.signDownload, item, (await deps.getUserName(ctx.userId)) ?? null);
};
