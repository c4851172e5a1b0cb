import type { Workspace, WorkspaceListItem } from '#shared/schemas/workspace';
import type { WorkspaceItem } from '#data/workspaces';
import type { Membership } from '#data/memberships';
import { workspaceStatus } from './workspace-status';

/** The API's shape of a workspace (spec 3 field names) from its stored item, with its status at `now`. */
export const toWorkspace = (item: WorkspaceItem, now: Date): Workspace => ({
  uid: item.workspaceId,
  name: item.name,
  owner: item.ownerId,
  whitelisted: item.whitelisted,
  stripe_subscription_id: item.stripeSubscriptionId ?? null,
  created_at: item.createdAt,
  ...workspaceStatus(item, now),
});

export const toWorkspaceListItem = (
  membership: Pick<Membership, 'role' | 'status'>,
  item: WorkspaceItem,
  now: Date,
): WorkspaceListItem => ({
  role: membership.role,
  status: membership.status,
  workspaces: toWorkspace(item, now),
});
