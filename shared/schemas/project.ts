import * as z from 'zod/mini';
import { id, isoDate, text, wellFormed } from './common';

/** Project (brand) phases (spec 3, 9). */
export const PROJECT_PHASES = ['sales', 'active', 'inactive'] as const;
export type ProjectPhase = (typeof PROJECT_PHASES)[number];
/** A person's role inside one project: the creator is its owner (and so a project admin). */
export const PROJECT_ROLES = ['owner', 'admin', 'member'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/** Lower-case letters and digits in hyphen-separated words: what slugify produces. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const projectName = text(80, { trim: true, required: true });
export const projectSlug = z.string().check(
  z.trim(),
  z.minLength(1, 'is required'),
  z.maxLength(80, 'must be at most 80 characters'),
  z.regex(SLUG_PATTERN, 'must be lower-case letters, digits and single hyphens'),
  wellFormed,
);
/** A Shopify store address; empty means none. */
export const shopifySite = z.nullable(text(254, { trim: true }));
export const projectPhase = z.enum(PROJECT_PHASES);

export const projectParams = z.object({ workspaceId: id, projectId: id });

export const createProjectBody = z.object({
  name: projectName,
  slug: z.optional(projectSlug),
  shopify_site: z.optional(shopifySite),
  phase: z.optional(projectPhase),
});
export type CreateProjectBody = z.output<typeof createProjectBody>;

export const updateProjectBody = z.object({
  name: z.optional(projectName),
  slug: z.optional(projectSlug),
  shopify_site: z.optional(shopifySite),
  phase: z.optional(projectPhase),
});
export type UpdateProjectBody = z.output<typeof updateProjectBody>;

export const grantProjectAccessBody = z.object({ userId: id });

/** A workspace project as GET /workspaces/{id}/projects lists it (spec 3, "Workspace project"). */
export const project = z.object({
  uid: id,
  name: z.string(),
  slug: z.string(),
  shopify_site: z.nullable(z.string()),
  cover_url: z.nullable(z.string()),
  /** The caller may open the project: a workspace admin, or a person granted access to it. */
  has_permission: z.boolean(),
  integrations: z.array(z.object({ type: z.string(), uid: z.string() })),
  /** User id of the project's owner (its creator). */
  owner: z.string(),
  phase: projectPhase,
  created_at: isoDate,
});
export type Project = z.infer<typeof project>;

/** A person's standing in a project: access requested, or granted with a role. */
export const projectAccess = z.object({
  project_uid: id,
  user_uid: z.string(),
  role: z.enum(PROJECT_ROLES),
  status: z.enum(['requested', 'granted']),
});
export type ProjectAccess = z.infer<typeof projectAccess>;
