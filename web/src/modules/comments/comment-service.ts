import type { z } from 'zod/mini';
import type { comment } from '#shared/schemas/collab';
import { api } from '../../api/client';
import { taskCall, type TaskRef } from '../task-detail/task-api';
import { attachmentTypeOf } from './attachment-rules';
import { putFiles } from './upload-files';

export type Comment = z.infer<typeof comment>;

export const listComments = (ref: TaskRef, signal?: AbortSignal) => api.call('listComments', { ...taskCall(ref), signal });

/** Presigned uploads for `files` (purpose attachment or audio), then their bytes to storage; answers the keys. */
export const uploadTaskFiles = async (
  ref: TaskRef,
  purpose: 'attachment' | 'audio',
  files: readonly File[],
  onDone?: (done: number) => void,
): Promise<string[]> => {
  if (files.length === 0) return [];
  const { uploads } = await api.call('createUploads', {
    ...taskCall(ref),
    notify: false,
    body: {
      purpose,
      // The composer refused files without an allowed type before this point.
      files: files.map((file) => ({ name: file.name, size: file.size, content_type: attachmentTypeOf(file)! })),
    },
  });
  return putFiles(
    uploads,
    files,
    files.map((file) => file.name),
    onDone,
  );
};

export type NewComment = { text: string; files: readonly File[]; audio: File | null };

export type PostProgress = { stage: 'uploading'; done: number; total: number } | { stage: 'saving' };

/**
 * The comment flow: upload the attachments and the audio (each to its presigned URL), then save the comment
 * naming their keys. Any failure throws before the comment exists, so the composer keeps what was typed.
 */
export const postComment = async (ref: TaskRef, input: NewComment, onProgress?: (progress: PostProgress) => void): Promise<Comment> => {
  const total = input.files.length + (input.audio ? 1 : 0);
  let uploaded = 0;
  const report = () => onProgress?.({ stage: 'uploading', done: uploaded, total });
  if (total > 0) report();
  const attachments = await uploadTaskFiles(ref, 'attachment', input.files, () => {
    uploaded++;
    report();
  });
  const [audio] = input.audio
    ? await uploadTaskFiles(ref, 'audio', [input.audio], () => {
        uploaded++;
        report();
      })
    : [];
  onProgress?.({ stage: 'saving' });
  const text = input.text.trim();
  return api.call('createComment', {
    ...taskCall(ref),
    notify: false,
    body: {
      ...(text ? { text } : {}),
      ...(attachments.length ? { attachments } : {}),
      ...(audio ? { audio } : {}),
    },
  });
};

export const deleteComment = (ref: TaskRef, commentId: string) =>
  api.call('deleteComment', { params: { id: ref.uid, commentId }, query: taskCall(ref).query });
