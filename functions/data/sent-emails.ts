import { db } from './db';

const KEEP_SECONDS = 14 * 86_400;

/** Whether an email with this dedupe key was already sent (pattern: sentEmailByKey). */
export const wasSent = async (dedupeKey: string): Promise<boolean> => {
  const { data } = await db().entities.sentEmail.get({ dedupeKey }).go();
  return !!data;
};

export const markSent = async (dedupeKey: string, messageId: string | undefined, now = new Date()) => {
  await db()
    .entities.sentEmail.put({ dedupeKey, messageId, sentAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS })
    .go();
};
