import type * as z from 'zod/mini';
import type { comment } from '#shared/schemas/collab';
import type { CommentItem } from '#data/comments';
import { toStoredFiles, type UploadStore } from '../uploads/files';

export type Comment = z.output<typeof comment>;

/** A comment as the API answers it: its files with fresh signed links, its author's display name. */
export const toComment = async (sign: UploadStore['signDownload'], item: CommentItem, authorName: string | null): Promise<Comment> => {
  const [attachments, audio] = await Promise.all([toStoredFiles(sign, item.attachments), toStoredFiles(sign, item.audio)]);
  return {
    uid: item.commentId,
    task_uid: item.taskId,
    author: item.author,
    author_name: authorName,
    text: item.text ?? '',
    mentions: item.mentions ?? [],
    attachments,
    audio: audio[0] ?? null,
    created_at: item.createdAt,
  };
};
