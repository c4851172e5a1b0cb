import type { ProjectRef, WorkspaceContext } from '#lib/context';
import { db } from './db';
import { unlessRefused } from './conditions';

export type WorkspaceItem = {
  workspaceId: string;
  name: string;
  ownerId: string;
  whitelisted: boolean;
  stripeSubscriptionId?: string;
  subscriptionStatus?: string;
  subscriptionPlan?: string;
  stripeCustomerId?: string;
  billing?: WorkspaceBilling;
  billingSyncedAt?: number;
  createdAt: string;
  /** The workspace's logo in the uploads bucket, if it has one. */
  logoKey?: string;
  /** Tombstone: a deleted workspace is gone for every read below. */
  deletedAt?: string;
  /** Every project (creation order): see functions/data/project-directory.ts. Absent on a workspace made before it. */
  projectDirectory?: ProjectRef[];
  projectDirectoryVersion?: number;
};

/** A deleted workspace reads as absent, so no route, list or invite can reach it while its items are purged. */
export const liveWorkspace = <T extends { deletedAt?: string }>(item: T | null | undefined): T | undefined =>
  item && !item.deletedAt ? item : undefined;

/** Billing state mirrored from Stripe (dates as ISO strings); absent until the first subscription sync. */
export type WorkspaceBilling = {
  interval?: string;
  created?: number;
  seatsIncluded?: number;
  seatsPaid?: number;
  startedAt?: string;
  currentPeriodStart?: string;
  currentPeriodEnd?: string;
  cancelAtPeriodEnd?: boolean;
  trialStart?: string;
  trialEnd?: string;
  canceledAt?: string;
  endedAt?: string;
};

/** The caller's workspace (pattern: workspaceById). */
export const getWorkspace = async (ctx: WorkspaceContext): Promise<WorkspaceItem | undefined> => {
  const { data } = await db().entities.workspace.get({ workspaceId: ctx.workspaceId }).go();
  return liveWorkspace(data);
};

/** Workspaces for a list of memberships the caller holds: one BatchGetItem (pattern: workspaceById). */
export const getWorkspacesOfMemberships = async (memberships: { workspaceId: string }[]): Promise<WorkspaceItem[]> => {
  if (memberships.length === 0) return [];
  const { data, unprocessed } = await db()
    .entities.workspace.get(memberships.map(({ workspaceId }) => ({ workspaceId })))
    .go({ concurrency: 4 });
  if (unprocessed.length) throw new Error(`BatchGet left ${unprocessed.length} workspaces unprocessed`);
  return data.filter((item) => liveWorkspace(item));
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

/** Renames the caller's workspace unless it was deleted meanwhile; answers the stored item (pattern: workspaceById). */
export const renameWorkspace = async (ctx: WorkspaceContext, name: string): Promise<WorkspaceItem | undefined> => {
  return unlessRefused(async () => {
    const { data } = await db()
      .entities.workspace.patch({ workspaceId: ctx.workspaceId })
      .set({ name })
      .where(({ deletedAt }, { notExists }) => notExists(deletedAt))
      .go({ response: 'all_new' });
    return data as WorkspaceItem;
  }, undefined);
};

/**
 * Sets the workspace's logo key, or removes it (null), on a live workspace (pattern: workspaceById). Answers the
 * workspace as it now is and the key it had before (for the bucket), or undefined when the workspace is gone.
 */
export const setWorkspaceLogoKey = async (
  ctx: Pick<WorkspaceContext, 'workspaceId'>,
  key: string | null,
): Promise<{ item: WorkspaceItem; previous: string | undefined } | undefined> => {
  return unlessRefused(async () => {
    const patch = db().entities.workspace.patch({ workspaceId: ctx.workspaceId });
    const { data } = await (key === null ? patch.remove(['logoKey']) : patch.set({ logoKey: key }))
      .where(({ deletedAt }, { notExists }) => notExists(deletedAt))
      .go({ response: 'all_old' });
    const old = data as WorkspaceItem;
    const { logoKey: previous, ...rest } = old;
    return { item: key === null ? rest : { ...rest, logoKey: key }, previous };
  }, undefined);
};

/**
 * Ops only (scripts/whitelist-workspace.ts): a whitelisted workspace always counts as active (spec 4).
 * Answers false when no live workspace has this id.
 */
export const setWhitelisted = async (workspaceId: string, whitelisted: boolean): Promise<boolean> => {
  return unlessRefused(async () => {
    await db()
      .entities.workspace.patch({ workspaceId })
      .set({ whitelisted })
      .where(({ deletedAt }, { notExists }) => notExists(deletedAt))
      .go();
    return true;
  }, false);
};
