import type { WorkspaceContext } from '#lib/context';
import { db } from './db';
import { cancelledOutcome, type GuardedOutcome } from './conditions';

/**
 * How long a claim is kept: well past the presigned URL (15 minutes) and the lifecycle rule that expires pending
 * objects (a day), so while an upload could still be confirmed its claim is there to refuse a second use.
 */
const CLAIM_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Claims uploaded objects for one use, all or none, in one TransactWriteItems (pattern: uploadClaim): each claim
 * is created only if absent. `stale`: one of them was used already; `conflict`: another request was claiming one
 * at that moment (try again).
 */
export const claimUploads = async (ctx: Pick<WorkspaceContext, 'workspaceId' | 'userId'>, keys: readonly string[], now: Date): Promise<GuardedOutcome> => {
  if (!keys.length) return 'done';
  const claimedAt = now.toISOString();
  const expiresAt = Math.floor(now.getTime() / 1000) + CLAIM_TTL_SECONDS;
  const { canceled, data } = await db()
    .transaction.write(({ uploadClaim }) =>
      keys.map((key) => uploadClaim.create({ workspaceId: ctx.workspaceId, key, userId: ctx.userId, claimedAt, expiresAt }).commit()),
    )
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};
