import { can } from '#shared/permissions';
import type { ProjectRole, UpdateProjectBody } from '#shared/schemas/project';
import type { Project, ProjectPhase } from './project-store';

/** Manage Project in edit mode: /project/add?project=<slug>. */
export const EDIT_PARAM = 'project';
/** Where to return after an edit opened from inside the brand: its sub-path (`tasks`, `users`, '' for its home). */
export const FROM_PARAM = 'from';

/** A brand's sub-path as the side navigation knows them: path segments only, never another site. */
const BRAND_SUBPATH = /^(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;

/** Manage Project for this brand; `from` (a path under /project/{slug}/) is where to come back to afterwards. */
export const editProjectPath = (project: Pick<Project, 'slug'>, from?: string) => {
  const query = new URLSearchParams({ [EDIT_PARAM]: project.slug });
  if (from !== undefined && BRAND_SUBPATH.test(from)) query.set(FROM_PARAM, from);
  return `/project/add?${query.toString()}`;
};

/** Where Manage Project returns to: the brand's page it was opened from (under its current slug), else the dashboard. */
export const returnPath = (from: string | null, project: Pick<Project, 'slug'> | undefined) =>
  from !== null && project && BRAND_SUBPATH.test(from)
    ? `/project/${encodeURIComponent(project.slug)}${from === '' ? '' : `/${from}`}`
    : '/dashboard';

/** The form's fields, as typed. */
export type ProjectDraft = { name: string; slug: string; shopifySite: string; phase: ProjectPhase };

/** The draft of a brand being edited: what it holds now. */
export const draftOf = (project: Pick<Project, 'name' | 'slug' | 'shopify_site' | 'phase'>): ProjectDraft => ({
  name: project.name,
  slug: project.slug,
  shopifySite: project.shopify_site ?? '',
  phase: project.phase,
});

/**
 * The PATCH body of an edit: only what differs from the brand as it stands (compared trimmed, as the API stores
 * it); an emptied Shopify site is sent as null (removed).
 */
export const projectChanges = (project: Pick<Project, 'name' | 'slug' | 'shopify_site' | 'phase'>, draft: ProjectDraft): UpdateProjectBody => {
  const name = draft.name.trim();
  const slug = draft.slug.trim();
  const site = draft.shopifySite.trim();
  return {
    ...(name !== project.name ? { name } : {}),
    ...(slug !== project.slug ? { slug } : {}),
    ...(site !== (project.shopify_site ?? '') ? { shopify_site: site === '' ? null : site } : {}),
    ...(draft.phase !== project.phase ? { phase: draft.phase } : {}),
  };
};

/** The form fields a 400 from the project routes may name (the body's paths). */
export const PROJECT_FIELDS = ['name', 'slug', 'shopify_site', 'phase'] as const;
export type ProjectField = (typeof PROJECT_FIELDS)[number];
export const projectFieldOf = (field: string | undefined): ProjectField | undefined => PROJECT_FIELDS.find((known) => known === field);

const PROJECT_ADMIN_ROLES: readonly ProjectRole[] = ['owner', 'admin'];

/**
 * The server's rule for editing a brand (isProjectAdmin: a workspace admin, or a granted owner/admin of the
 * project), as far as the SPA knows it without asking: true or false, or undefined when only the brand's people
 * list can tell (a brand the caller may open but did not create).
 */
export const knownProjectAdmin = (
  workspaceRole: string | undefined,
  userId: string | undefined,
  project: Pick<Project, 'has_permission' | 'owner'>,
): boolean | undefined => {
  if (can(workspaceRole, 'projects.manage')) return true;
  // The edit routes need projects.read; has_permission is a granted membership for anyone but an admin.
  if (!can(workspaceRole, 'projects.read') || !project.has_permission || !userId) return false;
  // The creator's owner membership can never be taken away (remove-project-user refuses it).
  if (project.owner === userId) return true;
  return undefined;
};

/** The caller's own row in the brand's people list makes them one of its admins. */
export const isAdminAmong = (users: readonly { user_uid: string; role: ProjectRole; status: string }[], userId: string) =>
  users.some((user) => user.user_uid === userId && user.status === 'granted' && PROJECT_ADMIN_ROLES.includes(user.role));
