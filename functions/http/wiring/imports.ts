import { newId, newTimeId } from '#lib/ids';
import { enqueue } from '#lib/queue';
import { copyObject, deleteObjects, headObject, presignUpload, readObjectStream } from '#lib/uploads';
import { findMembership } from '#data/memberships';
import { getProjectAndMember } from '#data/projects';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { getTaskItem } from '#data/tasks';
import { type ImportRef, completeImportIfDone, createImportItem, getImportItem, moveImport, recordRows, rowsWithOutcome, setImportTotal } from '#data/imports';
import { systemClock as clock } from '#core/clock';
import { createTasks } from '#core/tasks/create-task';
import { fetchSocialPost } from '#core/posts/fetch-post';
import { findPostsByUrl, storePosts } from '#core/posts/posts';
import type { PostFields, RawPostData } from '#shared/schemas/posts';
import type { ThumbnailImage } from '#core/posts/thumbnail';
import { postTaskBody } from '#core/imports/post-task';
import type { CreateImportDeps, ImportUploadDeps } from '#core/imports/imports';
import type { RunImportDeps } from '#core/imports/run-import';
import { createTaskDeps } from './tasks';
import { postDeps } from './posts';

/**
 * The brand named in the path must be one of the caller's workspace (a workspace admin passes the project gate
 * without a read): another workspace's brand is project_not_found, never an empty answer or an upload under it.
 */
export const requireBrand = async (ctx: WorkspaceContext, projectId: string) => {
  if (!(await getProjectAndMember(ctx, projectId, ctx.userId)).project) throw new DomainError('project_not_found');
};

/** The import routes' and the post-import worker's dependencies, wired once. */
export const importUploadDeps: ImportUploadDeps = { presignUpload, newRandom: () => newId(12) };

export const createImportDeps: CreateImportDeps = {
  clock,
  newImportId: (now) => newTimeId(now.getTime()),
  headObject,
  copyObject,
  deleteObjects,
  createImportItem,
  enqueueStart: (ref) => enqueue('post-import', { type: 'start', ...ref }),
};

export const importStateDeps = { clock, getImportItem, moveImport };

const brandOf = ({ workspaceId, projectId }: ImportRef) => ({ workspaceId, projectId });

export const runImportDeps: RunImportDeps = {
  clock,
  getImportItem,
  moveImport,
  setImportTotal,
  completeImportIfDone,
  rowsWithOutcome,
  recordRows,
  readFile: readObjectStream,
  enqueueChunk: (message) => enqueue('post-import', message),
  fetchSocialPost,
  knownPosts: (ref, urls) => findPostsByUrl(postDeps, brandOf(ref), urls),
  savePosts: (ref, rows) =>
    storePosts(
      postDeps,
      brandOf(ref),
      rows.map(({ fetched, row }) => ({
        fields: fetched.post as PostFields,
        raw: fetched.raw as RawPostData,
        origin: { source: 'import', importRow: { importId: ref.importId, row: row.row }, ...(fetched.thumbnail ? { thumbnail: fetched.thumbnail as ThumbnailImage } : {}) },
      })),
    ),
  // A Post task per imported post, made as the import's creator through the one create path (integrations fire).
  // Its id is the (import, row) key: a row retried after a crash finds its task instead of making a second one.
  createPostTask: async (item, post, taskKey) => {
    const ctx0 = { workspaceId: item.workspaceId };
    if (await getTaskItem(ctx0, taskKey)) return taskKey;
    const membership = await findMembership(item.workspaceId, item.createdBy);
    if (!membership) return undefined;
    const ctx = { workspaceId: item.workspaceId, userId: item.createdBy, email: membership.email, role: membership.role };
    const [task] = await createTasks(createTaskDeps({ newTaskId: () => taskKey }), ctx, [postTaskBody(post)]);
    return task?.uid;
  },
};
