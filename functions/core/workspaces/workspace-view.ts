import type { Workspace, WorkspaceListItem } from '#shared/schemas/workspace';
import type { WorkspaceItem } from '#data/workspaces';
import type { Membership } from '#data/memberships';
import { fileNameOfKey } from '../uploads/keys';
import { workspaceStatus } from './workspace-status';

/**
 * The API's shape of a workspace (spec 3 field names) from its stored item, with its status at `now`. The logo
 * is in a private bucket: `logoUrl` is its signed link (withLogo), null without a logo.
 */
export const toWorkspace = (item: WorkspaceItem, now: Date, logoUrl: string | null = null): Workspace => ({
  uid: item.workspaceId,
  name: item.name,
  logo_url: logoUrl,
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
  logoUrl: string | null = null,
): WorkspaceListItem => ({
  role: membership.role,
  status: membership.status,
  workspaces: toWorkspace(item, now, logoUrl),
});

export type SignDownload = (key: string, name: string) => Promise<string>;

/** The signed link of a workspace's logo, or null without one. */
export const logoUrlOf = async (sign: SignDownload, item: Pick<WorkspaceItem, 'logoKey'>): Promise<string | null> =>
  item.logoKey ? sign(item.logoKey, fileNameOfKey(item.logoKey)) : null;

/** The workspace with its logo's signed link. */
export const toWorkspaceWithLogo = async (sign: SignDownload, item: WorkspaceItem, now: Date): Promise<Workspace> =>
  toWorkspace(item, now, await logoUrlOf(sign, item));
