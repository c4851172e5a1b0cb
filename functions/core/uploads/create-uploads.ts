import type * as z from 'zod/mini';
import { AUDIO_TYPES, type createUploadsBody, type presignedUploads } from '#shared/schemas/collab';
import type { WorkspaceContext } from '#lib/context';
import { ValidationError } from '#lib/errors';
import type { OpenedTask } from '#core/tasks/open-task';
import type { UploadStore } from './files';
import { fileNameOfKey, pendingKey, taskFileKey } from './keys';

export type CreateUploadsDeps = {
  openTask: (ctx: WorkspaceContext, taskId: string) => Promise<OpenedTask>;
  presignUpload: UploadStore['presignUpload'];
  newRandom: () => string;
};

/**
 * Presigned uploads for a comment's files on a task the caller may open. Attachments may be any allowed type
 * (the schema caps size and count); an audio comment is exactly one audio file. Each file gets its own key under
 * the task, its name slugified, and is uploaded to the caller's pending key of it; the URL signs the declared
 * type and size.
 */
export const createUploads = async (
  deps: CreateUploadsDeps,
  ctx: WorkspaceContext,
  taskId: string,
  input: z.output<typeof createUploadsBody>,
): Promise<z.output<typeof presignedUploads>> => {
  if (input.purpose === 'audio') {
    if (input.files.length !== 1) throw new ValidationError('files', 'files must have exactly 1 file for an audio comment');
    if (!(AUDIO_TYPES as readonly string[]).includes(input.files[0]!.content_type)) {
      throw new ValidationError('files.0.content_type', `files.0.content_type must be one of ${AUDIO_TYPES.join(', ')} for an audio comment`);
    }
  }
  const { task } = await deps.openTask(ctx, taskId);
  const uploads = await Promise.all(
    input.files.map(async (file) => {
      const key = pendingKey(ctx.userId, taskFileKey(ctx.workspaceId, task.taskId, deps.newRandom(), file.name));
      const signed = await deps.presignUpload({ key, contentType: file.content_type, size: file.size });
      return { key, name: fileNameOfKey(key), ...signed };
    }),
  );
  return { uploads };
};
