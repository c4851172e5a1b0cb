import type { WorkspaceListItem } from '#shared/schemas/workspace';
import type { Caller } from '#lib/context';
import type { WorkspaceItem } from '#data/workspaces';
import type { Clock } from '../clock';
import { toWorkspaceListItem } from './workspace-view';

export type CreateWorkspaceDeps = {
  clock: Clock;
  newId: () => string;
  createWorkspaceWithOwner: (input: {
    workspaceId: string;
    name: string;
    owner: { userId: string; email: string };
    createdAt: string;
  }) => Promise<void>;
};

/** A new workspace: the caller is its owner and first admin, and its 14-day trial starts now (created_at). */
export const createWorkspace = async (
  deps: CreateWorkspaceDeps,
  caller: Caller,
  input: { name: string },
): Promise<WorkspaceListItem> => {
  const now = deps.clock();
  const createdAt = now.toISOString();
  const workspaceId = deps.newId();
  await deps.createWorkspaceWithOwner({ workspaceId, name: input.name, owner: caller, createdAt });
  const item: WorkspaceItem = { workspaceId, name: input.name, ownerId: caller.userId, whitelisted: false, createdAt };
  return toWorkspaceListItem({ role: 'admin', status: 'joined' }, item, now);
};
