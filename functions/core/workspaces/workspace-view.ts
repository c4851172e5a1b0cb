import type { Workspace, WorkspaceListItem } from '#shared/schemas/workspace';
import type { WorkspaceItem } from '#data/workspaces';
import type { Membership } from '#data/memberships';

/** The API's shape of a workspace (spec 3 field names) from its stored item. */
export const toWorkspace = (item: WorkspaceItem): Workspace => ({
  uid: item.workspaceId,
  name: item.name,
  owner: item.ownerId,
  whitelisted: item.whitelisted,
  stripe_subscription_id: item.stripeSubscriptionId ?? null,
  created_at: item.createdAt,
});

export const toWorkspaceListItem = (membership: Pick<Membership, 'role' | 'status'>, item: WorkspaceItem): WorkspaceListItem => ({
  role: membership.role,
  status: membership.status,
  workspaces: toWorkspace(item),
});
