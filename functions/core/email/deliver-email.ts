import type { EmailMessage } from '#shared/queues';
import type { SendClaim } from '#data/sent-emails';
import { renderEmail, type RenderedEmail } from './templates';

export type DeliverEmailDeps = {
  claimSend: (dedupeKey: string, now: Date, staleBefore: Date) => Promise<SendClaim>;
  markSent: (dedupeKey: string, messageId: string | undefined) => Promise<void>;
  releaseClaim: (dedupeKey: string) => Promise<void>;
  send: (to: string, email: RenderedEmail) => Promise<string | undefined>;
  now?: () => Date;
};

/**
 * How long a claim holds without its email marked sent before another delivery takes it over: longer than one
 * sending takes, shorter than the email queue's retries last (60 s visibility × 5 receives).
 */
export const CLAIM_LEASE_MS = 120_000;

/** Another consumer is sending this key's email right now: the message comes back later and finds it sent. */
export class SendInProgress extends Error {
  constructor(dedupeKey: string) {
    super(`Email ${dedupeKey} is being sent by another delivery`);
    this.name = 'SendInProgress';
  }
}

/**
 * Sends a queued email once per dedupe key: the key is claimed before sending (a conditional write), so a
 * redelivered message, or another message of the same key delivered at the same moment (each event of a digest
 * window queues one), finds it claimed and sends nothing. A claim being sent makes the message retry later; a
 * sending that failed gives its claim up for the retry. (A crash between sending and marking can still send twice
 * after the lease: at-least-once, as SES allows.)
 */
export const deliverEmail = async (deps: DeliverEmailDeps, message: EmailMessage): Promise<'sent' | 'duplicate'> => {
  const now = deps.now?.() ?? new Date();
  const claim = await deps.claimSend(message.dedupeKey, now, new Date(now.getTime() - CLAIM_LEASE_MS));
  if (!claim.claimed) {
    if (claim.sent) return 'duplicate';
    throw new SendInProgress(message.dedupeKey);
  }
  let messageId: string | undefined;
  try {
    messageId = await deps.send(message.to, renderEmail(message));
  } catch (error) {
    await deps.releaseClaim(message.dedupeKey);
    throw error;
  }
  await deps.markSent(message.dedupeKey, messageId);
  return 'sent';
};
