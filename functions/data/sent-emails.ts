import { db } from './db';
import { unlessRefused } from './conditions';

const KEEP_SECONDS = 14 * 86_400;

/** What the table says of a dedupe key: nothing yet, being sent since `sentAt`, or sent (it has a message id). */
export type SendClaim = { claimed: true } | { claimed: false; sentAt: string; sent: boolean };

/**
 * Claims the sending of the email with this dedupe key (pattern: sentEmailByKey): a conditional create, so of two
 * consumers holding messages of one key (a digest window's messages arrive together) only one sends. A claim
 * older than `staleBefore` without a message id was left by a consumer that died before sending: it is taken over.
 */
export const claimSend = async (dedupeKey: string, now: Date, staleBefore: Date): Promise<SendClaim> => {
  const expiresAt = Math.floor(now.getTime() / 1000) + KEEP_SECONDS;
  const created = await unlessRefused(async () => {
    await db().entities.sentEmail.create({ dedupeKey, sentAt: now.toISOString(), expiresAt }).go();
    return true;
  }, false);
  if (created) return { claimed: true };
  const { data } = await db().entities.sentEmail.get({ dedupeKey }).go({ consistent: true });
  if (!data) return claimSend(dedupeKey, now, staleBefore);
  const sent = data.messageId !== undefined;
  if (sent || data.sentAt >= staleBefore.toISOString()) return { claimed: false, sentAt: data.sentAt, sent };
  return unlessRefused(async (): Promise<SendClaim> => {
    await db()
      .entities.sentEmail.patch({ dedupeKey })
      .set({ sentAt: now.toISOString(), expiresAt })
      .where(({ sentAt, messageId }, { eq, notExists }) => `${eq(sentAt, data.sentAt)} AND ${notExists(messageId)}`)
      .go();
    return { claimed: true };
  }, { claimed: false, sentAt: data.sentAt, sent: false });
};

/** Marks a claimed email sent, with the provider's message id ('unknown' when it gave none). */
export const markSent = async (dedupeKey: string, messageId: string | undefined) => {
  await db().entities.sentEmail.patch({ dedupeKey }).set({ messageId: messageId ?? 'unknown' }).go();
};

/** Gives a claim up when sending failed, so the queue's retry sends at once rather than after the claim goes stale. */
export const releaseClaim = async (dedupeKey: string) => {
  await unlessRefused(
    () =>
      db()
        .entities.sentEmail.delete({ dedupeKey })
        .where(({ messageId }, { notExists }) => notExists(messageId))
        .go(),
    undefined,
  );
};
