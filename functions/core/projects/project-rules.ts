import type { Project } from '#shared/schemas/project';
import type { ProjectDirectory, ProjectRef, WorkspaceContext } from '#lib/context';
import type { ProjectItem, ProjectMemberItem } from '#data/projects';
import { fileNameOfKey } from '../uploads/keys';

/** Workspace admins reach every project; anyone else a project they were granted (spec 6: has_permission). */
export const hasPermission = (ctx: Pick<WorkspaceContext, 'role'>, member: Pick<ProjectMemberItem, 'status'> | undefined): boolean =>
  ctx.role === 'admin' || member?.status === 'granted';

/**
 * The workspace's projects and the caller's grants: the directory the wrapper read with the membership, or one
 * Query where the workspace has none yet; `requests` says which (0 or 1).
 */
export type ReadProjectDirectory = (ctx: WorkspaceContext) => Promise<ProjectDirectory & { requests: number }>;

/** The projects the caller may open (hasPermission over the directory): every one for a workspace admin, the granted ones for anyone else. */
export const openableProjects = (ctx: Pick<WorkspaceContext, 'role'>, directory: ProjectDirectory): ProjectRef[] => {
  const granted = new Set(directory.granted);
  return directory.projects.filter((p) => hasPermission(ctx, granted.has(p.projectId) ? { status: 'granted' } : undefined));
};

/** Signs a short-lived download link for an object of the uploads bucket (#lib/uploads signDownload). */
export type SignDownload = (key: string, name: string) => Promise<string>;

/**
 * A project as the API answers it. The stored cover is an object key of the private uploads bucket, never shown
 * as is: `coverUrl` is its signed link (toProjectWithCover), null without a cover.
 */
export const toProject = (item: ProjectItem, hasAccess: boolean, coverUrl: string | null = null): Project => ({
  uid: item.projectId,
  name: item.name,
  slug: item.slug,
  shopify_site: item.shopifySite ?? null,
  cover_url: coverUrl,
  has_permission: hasAccess,
  integrations: (item.integrations ?? []).map(({ type, uid }) => ({ type, uid })),
  owner: item.ownerId,
  phase: item.phase,
  created_at: item.createdAt,
});

/** toProject with the cover's signed link. */
export const toProjectWithCover = async (sign: SignDownload, item: ProjectItem, hasAccess: boolean): Promise<Project> =>
  toProject(item, hasAccess, item.coverUrl ? await sign(item.coverUrl, fileNameOfKey(item.coverUrl)) : null);
