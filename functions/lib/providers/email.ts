import { sendEmail } from '../email';
import { errorFailure, since } from './classify';
import type { Provider, SendResult } from './provider';

/**
 * Email: no provider API; the task goes to each recipient through the existing email queue (SES in AWS, the mail
 * catcher locally), one message per recipient keyed by the delivery, so a retried delivery sends nobody a second
 * copy (the email consumer dedupes on the key). "Sent" means queued: the queue's own retries and DLQ take it on.
 */
export const emailDedupeKey = (deliveryId: string, recipient: string) => `integration:${deliveryId}:${recipient.toLowerCase()}`;

export const createEmailProvider = (send: typeof sendEmail = sendEmail): Provider => ({
  type: 'email',
  send: async ({ deliveryId, settings, task, test }): Promise<SendResult> => {
    const recipients = Array.isArray(settings.recipients) ? settings.recipients.filter((r): r is string => typeof r === 'string' && r.length > 0) : [];
    if (recipients.length === 0) return { ok: false, retryable: false, error: 'The email integration has no recipients', code: 'integration_incomplete', latencyMs: 0 };
    const started = performance.now();
    try {
      for (const to of recipients) {
        await send({
          template: 'integration',
          dedupeKey: emailDedupeKey(deliveryId, to),
          to,
          data: {
            projectName: task.projectName,
            taskNumber: task.number,
            taskSummary: task.summary,
            taskUrl: task.url,
            dueDate: task.dueDate,
            priority: task.priority,
            type: task.type,
            description: task.description,
            test: test ?? false,
          },
        });
      }
      return { ok: true, latencyMs: since(started) };
    } catch (error) {
      // The queue was not reachable: the messages already queued are deduplicated when this is retried.
      return { ...errorFailure(error, since(started)), retryable: true };
    }
  },
  verify: async ({ settings }) =>
    Array.isArray(settings.recipients) && settings.recipients.length > 0
      ? { ok: true, latencyMs: 0 }
      : { ok: false, error: 'Add at least one recipient', code: 'integration_incomplete', field: 'recipients', latencyMs: 0 },
});

export const emailProvider = createEmailProvider();
