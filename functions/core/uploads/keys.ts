import { slugifyFileName } from '#shared/slugify';

/**
 * Where uploaded files live in the uploads bucket, written once. Every key starts with its workspace and its
 * owner (a task or a project), so a key handed back by a client is accepted only under the owner it is used for
 * (isTaskFileKey / isCoverKey): a key of another task or workspace is refused as attachment_invalid. The random
 * segment keeps two uploads of one name apart; the last segment is the slugified file name, shown as the name.
 *
 * A browser never writes a file's key: a presigned upload lands at its pending key (`pending/<uploader>/<key>`),
 * and confirming it (a comment, a cover) copies it to the key. So a presigned URL used again after the confirm
 * writes only a pending object, never the confirmed file, and a confirm can only ever touch the caller's own
 * pending uploads.
 */

/** The prefix of every pending upload, followed by the uploader's user id. */
export const PENDING_PREFIX = 'pending/';

/** Every file of a workspace is under this prefix (a deleted workspace's files are purged by it). */
export const workspaceFilesPrefix = (workspaceId: string) => `workspaces/${workspaceId}/`;
const taskFilesPrefix = (workspaceId: string, taskId: string) => `${workspaceFilesPrefix(workspaceId)}tickets/${taskId}/`;
const coverPrefix = (workspaceId: string, projectId: string) => `${workspaceFilesPrefix(workspaceId)}projects/${projectId}/cover/`;
const logoPrefix = (workspaceId: string) => `${workspaceFilesPrefix(workspaceId)}logo/`;
const postFilesPrefix = (workspaceId: string, projectId: string, postId: string) => `${workspaceFilesPrefix(workspaceId)}projects/${projectId}/posts/${postId}/`;

/** The key of a comment attachment or audio of a task. */
export const taskFileKey = (workspaceId: string, taskId: string, random: string, fileName: string) =>
  `${taskFilesPrefix(workspaceId, taskId)}${random}/${slugifyFileName(fileName)}`;

/** The key of a project's cover image. */
export const coverKey = (workspaceId: string, projectId: string, random: string, fileName: string) =>
  `${coverPrefix(workspaceId, projectId)}${random}/${slugifyFileName(fileName)}`;

/** The key of a workspace's logo. */
export const logoKey = (workspaceId: string, random: string, fileName: string) => `${logoPrefix(workspaceId)}${random}/${slugifyFileName(fileName)}`;

/**
 * The key of a connected account's picture: the server's copy of the profile picture the provider named (its own
 * address is on a CDN the SPA's CSP does not allow, and expires). One per brand and account type, replaced by a sync.
 */
export const connectionPictureKey = (workspaceId: string, projectId: string, type: string) => `${workspaceFilesPrefix(workspaceId)}projects/${projectId}/connections/${type}/picture`;

/**
 * The key of a post's thumbnail: the server's copy of the image the site named (never a browser upload), so the
 * SPA shows it from the uploads bucket its CSP allows. `extension` is the image type's (png, jpg, webp, gif).
 */
export const postThumbnailKey = (workspaceId: string, projectId: string, postId: string, extension: string) =>
  `${postFilesPrefix(workspaceId, projectId, postId)}thumbnail.${extension}`;

const recordingPrefix = (workspaceId: string, recordingId: string) => `${workspaceFilesPrefix(workspaceId)}recordings/${recordingId}/`;

/**
 * The key of a screen recording's video. Its multipart upload goes straight here (not to a pending key): only the
 * server creates that upload and signs its parts, so a browser can write nothing else, and nothing after complete.
 */
export const recordingKey = (workspaceId: string, recordingId: string, fileName: string) => `${recordingPrefix(workspaceId, recordingId)}${slugifyFileName(fileName)}`;

/** The key of a recording's poster frame (uploaded to its pending key, confirmed by complete). */
export const posterKey = (workspaceId: string, recordingId: string, random: string, fileName: string) =>
  `${recordingPrefix(workspaceId, recordingId)}poster/${random}/${slugifyFileName(fileName)}`;

/** Where `userId` uploads the file that becomes `key` once confirmed. */
export const pendingKey = (userId: string, key: string) => `${PENDING_PREFIX}${userId}/${key}`;

/** The key a pending upload of `userId` becomes, or undefined when `pending` is not one of theirs. */
export const confirmedKeyOf = (pending: string, userId: string): string | undefined => {
  const own = pendingKey(userId, '');
  return pending.startsWith(own) ? pending.slice(own.length) : undefined;
};

/** <random>/<name>, both plain segments: nothing like `..` or a deeper path slips past the prefix check. */
const OWN_SUFFIX = /^[A-Za-z0-9_-]{8,64}\/[a-z0-9][a-z0-9.-]{0,120}$/;

const isUnder = (key: string, prefix: string) => key.startsWith(prefix) && OWN_SUFFIX.test(key.slice(prefix.length));

/** The key was made by `taskFileKey` for this task of this workspace. */
export const isTaskFileKey = (key: string, workspaceId: string, taskId: string) => isUnder(key, taskFilesPrefix(workspaceId, taskId));

/** The key was made by `coverKey` for this project of this workspace. */
export const isCoverKey = (key: string, workspaceId: string, projectId: string) => isUnder(key, coverPrefix(workspaceId, projectId));

/** The key was made by `logoKey` for this workspace. */
export const isLogoKey = (key: string, workspaceId: string) => isUnder(key, logoPrefix(workspaceId));

/** The key was made by `posterKey` for this recording of this workspace. */
export const isPosterKey = (key: string, workspaceId: string, recordingId: string) => isUnder(key, `${recordingPrefix(workspaceId, recordingId)}poster/`);

/** The stored file name: the key's last segment. */
export const fileNameOfKey = (key: string) => key.slice(key.lastIndexOf('/') + 1);
