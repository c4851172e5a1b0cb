import type { WorkspaceContext } from '#lib/context';
import { db } from './db';

export type WorkspaceItem = {
  workspaceId: string;
  name: string;
  ownerId: string;
  whitelisted: boolean;
  stripeSubscriptionId?: string;
  subscriptionStatus?: string;
  subscriptionPlan?: string;
  createdAt: string;
};

/** The caller's workspace (pattern: workspaceById). */
export const getWorkspace = async (ctx: WorkspaceContext): Promise<WorkspaceItem | undefined> => {
  const { data } = await db().entities.workspace.get({ workspaceId: ctx.workspaceId }).go();
  return data ?? undefined;
};

/** Workspaces for a list of memberships the caller holds: one BatchGetItem (pattern: workspaceById). */
export const getWorkspacesOfMemberships = async (memberships: { workspaceId: string }[]): Promise<WorkspaceItem[]> => {
  if (memberships.length === 0) return [];
  const { data, unprocessed } = await db()
    .entities.workspace.get(memberships.map(({ workspaceId }) => ({ workspaceId })))
    .go({ concurrency: 4 });
  if (unprocessed.length) throw new Error(`BatchGet left ${unprocessed.length} workspaces unprocessed`);
  return data;
};

/**
 * Creates a workspace and its first member (owner, admin) in one transaction, so there is never a
 * workspace without an admin (patterns: workspaceById, memberOfWorkspace).
 */
export const createWorkspaceWithOwner = async (input: {
  workspaceId: string;
  name: string;
  owner: { userId: string; email: string };
  createdAt: string;
}) => {
  const { canceled } = await db()
    .transaction.write(({ workspace, member }) => [
      workspace
        .create({ workspaceId: input.workspaceId, name: input.name, ownerId: input.owner.userId, createdAt: input.createdAt })
        .commit(),
      member
        .create({
          workspaceId: input.workspaceId,
          userId: input.owner.userId,
          email: input.owner.email,
          role: 'admin',
          status: 'joined',
          joinedAt: input.createdAt,
        })
        .commit(),
    ])
    .go();
  if (canceled) throw new Error('Workspace creation transaction was cancelled');
};
