import * as z from 'zod/mini';
import { ROLES, MEMBER_STATUSES } from '../constants';
import { id, email, isoDate, text } from './common';

export const role = z.enum(ROLES);

export const trial = z.object({
  on_trial: z.boolean(),
  days_remaining: z.number(),
  expired: z.boolean(),
  started_at: isoDate,
  ends_at: isoDate,
});

export const workspace = z.object({
  uid: id,
  name: z.string(),
  /** A short-lived signed link to the workspace's logo (shown in the app and on its review pages), null without one. */
  logo_url: z.nullable(z.string()),
  owner: z.string(),
  whitelisted: z.boolean(),
  stripe_subscription_id: z.nullable(z.string()),
  created_at: isoDate,
  /** Computed on the server with its clock: whitelisted, on trial, or paid (spec 4). */
  active: z.boolean(),
  plan: z.string(),
  trial,
});
export type Workspace = z.infer<typeof workspace>;

/** GET /workspaces answers a list of memberships, each carrying its workspace under `workspaces` (spec 7). */
export const workspaceListItem = z.object({ role, status: z.enum(MEMBER_STATUSES), workspaces: workspace });
export type WorkspaceListItem = z.infer<typeof workspaceListItem>;

export const workspaceName = text(80, { trim: true, required: true });
export const createWorkspaceBody = z.object({ name: workspaceName });

export const workspaceParams = z.object({ workspaceId: id });

export const teamMember = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.optional(z.string()),
  role,
  status: z.enum(MEMBER_STATUSES),
  joined_at: z.optional(isoDate),
  invited_at: z.optional(isoDate),
});
export type TeamMember = z.infer<typeof teamMember>;

/** Filters are lower-cased and 'all' (any case) means no filter (spec 5). */
const lowerFilter = z.optional(
  z.pipe(
    text(254, { trim: true }),
    z.transform((value: string) => {
      const lower = value.toLowerCase();
      return lower === '' || lower === 'all' ? undefined : lower;
    }),
  ),
);
export const teamQuery = z.object({ search: lowerFilter, role: lowerFilter, status: lowerFilter });

export const roleCatalogue = z.record(z.string(), z.object({ name: z.string() }));

export const inviteParams = z.object({ inviteUid: id });
export const createInviteBody = z.object({ email, role: z._default(role, 'member') });

export const invite = z.object({
  uid: id,
  workspace_uid: id,
  workspace_name: z.string(),
  email: z.string(),
  role,
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  invited_by: z.string(),
  created_at: isoDate,
  expires_at: isoDate,
});
export type Invite = z.infer<typeof invite>;

export const timeEntry = z.object({
  uid: z.string(),
  task_uid: z.string(),
  /** The task's project, so the week chart can sum time per project without loading tasks. */
  project_uid: z.string(),
  user_uid: z.string(),
  started_at: isoDate,
  ended_at: z.nullable(isoDate),
  seconds: z.number(),
});
export const timeEntries = z.object({ hasTimeTracking: z.boolean(), entries: z.array(timeEntry) });

export const updateWorkspaceBody = z.object({ name: workspaceName });
export const memberParams = z.object({ workspaceId: id, userId: id });
export const updateMemberBody = z.object({ role });
export const workspaceInviteParams = z.object({ workspaceId: id, inviteUid: id });

export const profile = z.object({
  uid: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  name: z.nullable(z.string()),
});
export const updateProfileBody = z.object({
  name: text(80, { trim: true, required: true }),
});
