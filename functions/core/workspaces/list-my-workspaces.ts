import type { WorkspaceListItem } from '#shared/schemas/workspace';
import type { Membership } from '#data/memberships';
import type { WorkspaceItem } from '#data/workspaces';
import type { Clock } from '../clock';
import { logoUrlOf, toWorkspaceListItem, type SignDownload } from './workspace-view';

export type ListMyWorkspacesDeps = {
  clock: Clock;
  listMembershipsOfUser: (userId: string) => Promise<Membership[]>;
  getWorkspacesOfMemberships: (memberships: { workspaceId: string }[]) => Promise<WorkspaceItem[]>;
  signDownload: SignDownload;
};

/** The caller's joined workspaces, by name, each logo a signed link: one Query for memberships, one BatchGet for the workspaces. */
export const listMyWorkspaces = async (deps: ListMyWorkspacesDeps, userId: string): Promise<WorkspaceListItem[]> => {
  const memberships = (await deps.listMembershipsOfUser(userId)).filter((m) => m.status === 'joined');
  const now = deps.clock();
  const workspaces = new Map((await deps.getWorkspacesOfMemberships(memberships)).map((w) => [w.workspaceId, w]));
  const listed = await Promise.all(
    memberships.map(async (membership) => {
      const workspace = workspaces.get(membership.workspaceId);
      return workspace ? [toWorkspaceListItem(membership, workspace, now, await logoUrlOf(deps.signDownload, workspace))] : [];
    }),
  );
  return listed.flat().sort((a, b) => a.workspaces.name.localeCompare(b.workspaces.name));
};
