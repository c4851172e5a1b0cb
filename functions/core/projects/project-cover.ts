import type * as z from 'zod/mini';
import { COVER_TYPES, type coverUploadBody, type presignedUpload } from '#shared/schemas/collab';
import type { Project } from '#shared/schemas/project';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { ProjectItem, ProjectMemberItem } from '#data/projects';
import type { Clock } from '../clock';
import { acceptUploads, type UploadStore } from '../uploads/files';
import { coverKey, fileNameOfKey, isCoverKey } from '../uploads/keys';
import { isProjectAdmin, toProjectWithCover } from './project-rules';

type GetProjectAndMember = (ctx: WorkspaceContext, projectId: string, userId: string) => Promise<{ project?: ProjectItem; member?: ProjectMemberItem }>;

const adminProject = async (getProjectAndMember: GetProjectAndMember, ctx: WorkspaceContext, projectId: string) => {
  const { project, member } = await getProjectAndMember(ctx, projectId, ctx.userId);
  if (!project) throw new DomainError('project_not_found');
  if (!isProjectAdmin(ctx, member)) throw new DomainError('project_admin_required');
  return project;
};

export type CreateCoverUploadDeps = {
  getProjectAndMember: GetProjectAndMember;
  presignUpload: UploadStore['presignUpload'];
  newRandom: () => string;
};

/** A presigned upload for a new cover image of a project (a project admin); the schema allows only cover types up to 5 MB. */
export const createCoverUpload = async (
  deps: CreateCoverUploadDeps,
  ctx: WorkspaceContext,
  projectId: string,
  input: z.output<typeof coverUploadBody>,
): Promise<z.output<typeof presignedUpload>> => {
  await adminProject(deps.getProjectAndMember, ctx, projectId);
  const key = coverKey(ctx.workspaceId, projectId, deps.newRandom(), input.name);
  const signed = await deps.presignUpload({ key, contentType: input.content_type, size: input.size });
  return { key, name: fileNameOfKey(key), ...signed };
};

export type ConfirmCoverDeps = {
  clock: Clock;
  getProjectAndMember: GetProjectAndMember;
  setProjectCover: (current: ProjectItem, key: string, now: string) => Promise<boolean>;
  store: UploadStore;
};

const MAX_ATTEMPTS = 5;

/**
 * Makes an uploaded image the project's cover (a project admin). The key must be a cover upload of this project
 * (else attachment_invalid); the object is checked like an attachment (a bad one is deleted). The project then
 * names the key (the bucket is private: the API answers a signed link), and the previous cover is deleted.
 */
export const confirmCover = async (deps: ConfirmCoverDeps, ctx: WorkspaceContext, projectId: string, key: string): Promise<Project> => {
  await adminProject(deps.getProjectAndMember, ctx, projectId);
  if (!isCoverKey(key, ctx.workspaceId, projectId)) throw new DomainError('attachment_invalid');
  await acceptUploads(deps.store, [key], COVER_TYPES);
  for (let attempt = 1; ; attempt++) {
    const project = await adminProject(deps.getProjectAndMember, ctx, projectId);
    const now = deps.clock().toISOString();
    if (project.coverUrl === key || (await deps.setProjectCover(project, key, now))) {
      const previous = project.coverUrl;
      if (previous && previous !== key && isCoverKey(previous, ctx.workspaceId, projectId)) await deps.store.deleteObjects([previous]);
      return toProjectWithCover(deps.store.signDownload, { ...project, coverUrl: key, updatedAt: now }, true);
    }
    if (attempt === MAX_ATTEMPTS) throw new Error(`Setting the cover of ${projectId} lost ${MAX_ATTEMPTS} races`);
  }
};
