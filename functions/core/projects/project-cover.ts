import type * as z from 'zod/mini';
import { COVER_TYPES, type coverUploadBody, type presignedUpload } from '#shared/schemas/collab';
import type { Project } from '#shared/schemas/project';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { ProjectItem, ProjectMemberItem } from '#data/projects';
import type { Clock } from '../clock';
import { confirmUploads, ownPendingUploads, type ClaimUploads, type UploadStore } from '../uploads/files';
import { coverKey, fileNameOfKey, isCoverKey, pendingKey } from '../uploads/keys';
import { toProjectWithCover } from './project-rules';

type GetProjectAndMember = (ctx: WorkspaceContext, projectId: string, userId: string) => Promise<{ project?: ProjectItem; member?: ProjectMemberItem }>;

const adminProject = async (getProjectAndMember: GetProjectAndMember, ctx: WorkspaceContext, projectId: string) => {
  const { project } = await getProjectAndMember(ctx, projectId, ctx.userId);
  if (!project) throw new DomainError('project_not_found');
  return project;
};

export type CreateCoverUploadDeps = {
  getProjectAndMember: GetProjectAndMember;
  presignUpload: UploadStore['presignUpload'];
  newRandom: () => string;
};

/**
 * A presigned upload for a new cover image of a project (a project admin), to the caller's pending key of it;
 * the schema allows only cover types up to 5 MB.
 */
export const createCoverUpload = async (
  deps: CreateCoverUploadDeps,
  ctx: WorkspaceContext,
  projectId: string,
  input: z.output<typeof coverUploadBody>,
): Promise<z.output<typeof presignedUpload>> => {
  await adminProject(deps.getProjectAndMember, ctx, projectId);
  const key = pendingKey(ctx.userId, coverKey(ctx.workspaceId, projectId, deps.newRandom(), input.name));
  const signed = await deps.presignUpload({ key, contentType: input.content_type, size: input.size });
  return { key, name: fileNameOfKey(key), ...signed };
};

export type ConfirmCoverDeps = {
  clock: Clock;
  getProjectAndMember: GetProjectAndMember;
  setProjectCover: (current: ProjectItem, key: string, now: string) => Promise<boolean>;
  claimUploads: ClaimUploads;
  store: UploadStore;
  retryTiming?: RetryTiming;
};

/**
 * Makes an uploaded image the project's cover (a project admin). The key must be the caller's own pending cover
 * upload of this project (else attachment_invalid); it is confirmed like an attachment (checked, a bad one
 * deleted, claimed once, copied to its key). The project then names the key (the bucket is private: the API
 * answers a signed link), and the previous cover is deleted.
 */
export const confirmCover = async (deps: ConfirmCoverDeps, ctx: WorkspaceContext, projectId: string, pending: string): Promise<Project> => {
  await adminProject(deps.getProjectAndMember, ctx, projectId);
  const uploads = ownPendingUploads(ctx, [pending], (key) => isCoverKey(key, ctx.workspaceId, projectId), 'key');
  const [{ key }] = await confirmUploads(deps, ctx, uploads, COVER_TYPES, 'key');
  const set = await retry(
    async () => {
      const project = await adminProject(deps.getProjectAndMember, ctx, projectId);
      const now = deps.clock().toISOString();
      return (await deps.setProjectCover(project, key, now)) ? { project, now } : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  ).catch(async (error: unknown) => {
    // The project went, or access did: nothing refers to the confirmed copy.
    await deps.store.deleteObjects([key]);
    throw error;
  });
  const previous = set.project.coverUrl;
  if (previous && previous !== key && isCoverKey(previous, ctx.workspaceId, projectId)) await deps.store.deleteObjects([previous]);
  return toProjectWithCover(deps.store.signDownload, { ...set.project, coverUrl: key, updatedAt: set.now }, true);
};
