import { db } from './db';
import { exactly } from './exact-ids';
import { unlessRefused } from './conditions';
import { liveWorkspace, type WorkspaceBilling, type WorkspaceItem } from './workspaces';

/**
 * Billing data: the workspace's mirrored Stripe state, the subscription → workspace lookup and the webhook's
 * event markers. Written by the webhook and the verify route (system actors: the workspace comes from Stripe's
 * metadata or the lookup item, never from a caller's input).
 */

/** What one sync writes onto the workspace. `undefined` clears a top-level attribute. */
export type BillingWrite = {
  stripeSubscriptionId: string;
  stripeCustomerId?: string;
  subscriptionStatus: string;
  subscriptionPlan?: string;
  billing: WorkspaceBilling;
};

/** A workspace by id, for system actors (pattern: workspaceById). */
export const getWorkspaceById = async (workspaceId: string): Promise<WorkspaceItem | undefined> => {
  const { data } = await db().entities.workspace.get({ workspaceId }).go();
  return liveWorkspace(exactly(data as WorkspaceItem | null, { workspaceId }) ?? null);
};

/**
 * Writes the billing state read from Stripe at `syncedAt` (epoch ms) unless a newer read was written already, so
 * two racing syncs leave the later read. Returns false when refused (older read, or the workspace is gone).
 */
export const writeBillingState = async (workspaceId: string, state: BillingWrite, syncedAt: number): Promise<boolean> => {
  const { subscriptionPlan, stripeCustomerId, ...always } = state;
  const cleared = [...(subscriptionPlan === undefined ? ['subscriptionPlan' as const] : [])];
  return unlessRefused(async () => {
    let update = db()
      .entities.workspace.patch({ workspaceId })
      .set({
        ...always,
        ...(subscriptionPlan !== undefined ? { subscriptionPlan } : {}),
        ...(stripeCustomerId !== undefined ? { stripeCustomerId } : {}),
        billingSyncedAt: syncedAt,
      });
    if (cleared.length) update = update.remove(cleared);
    await update
      .where(({ billingSyncedAt }, { notExists, lte }) => `${notExists(billingSyncedAt)} OR ${lte(billingSyncedAt, syncedAt)}`)
      .go();
    return true;
  }, false);
};

/** The workspace a subscription belongs to (pattern: workspaceOfSubscription). */
export const findWorkspaceOfSubscription = async (subscriptionId: string): Promise<string | undefined> => {
  const { data } = await db().entities.subscriptionLink.get({ subscriptionId }).go();
  return exactly(data, { subscriptionId })?.workspaceId;
};

export const linkSubscription = async (subscriptionId: string, workspaceId: string) => {
  await db().entities.subscriptionLink.put({ subscriptionId, workspaceId }).go();
};

const EVENT_KEEP_SECONDS = 30 * 86_400;

/**
 * Claims a Stripe event id (pattern: stripeEventById): a conditional put that succeeds once per id, so a
 * redelivered event is handled once. Returns false when the id was claimed before. The marker expires after
 * 30 days (Stripe retries for 3).
 */
export const claimStripeEvent = async (eventId: string, type: string, now: Date): Promise<boolean> => {
  return unlessRefused(async () => {
    await db()
      .entities.stripeEvent.create({
        eventId,
        type,
        receivedAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + EVENT_KEEP_SECONDS,
      })
      .go();
    return true;
  }, false);
};

/** Gives a claimed event back when handling it failed, so Stripe's retry is handled. */
export const releaseStripeEvent = async (eventId: string) => {
  await db().entities.stripeEvent.delete({ eventId }).go();
};
