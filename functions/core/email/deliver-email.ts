import type { EmailMessage } from '#shared/queues';
import { renderEmail, type RenderedEmail } from './templates';

export type DeliverEmailDeps = {
  wasSent: (dedupeKey: string) => Promise<boolean>;
  markSent: (dedupeKey: string, messageId: string | undefined) => Promise<void>;
  send: (to: string, email: RenderedEmail) => Promise<string | undefined>;
};

/**
 * Sends a queued email at most once per dedupe key as far as we can know: a redelivered message whose key is
 * marked sent is skipped. (A crash between send and mark can still send twice: at-least-once, as SES allows.)
 */
export const deliverEmail = async (deps: DeliverEmailDeps, message: EmailMessage): Promise<'sent' | 'duplicate'> => {
  if (await deps.wasSent(message.dedupeKey)) return 'duplicate';
  const messageId = await deps.send(message.to, renderEmail(message));
  await deps.markSent(message.dedupeKey, messageId);
  return 'sent';
};
