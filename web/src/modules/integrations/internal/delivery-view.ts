import type { Delivery, DeliveryStatus, IntegrationType } from '#shared/schemas/integrations';

/** How a delivery's status shows (Cloudscape StatusIndicator types). */
export const DELIVERY_INDICATOR: Record<DeliveryStatus, 'success' | 'in-progress' | 'pending' | 'error'> = {
  pending: 'in-progress',
  sending: 'in-progress',
  sent: 'success',
  waiting: 'pending',
  failed: 'error',
  exhausted: 'error',
};

/** Still on its way: the log is fetched again until none is. */
export const isUnderWay = (status: DeliveryStatus) => status === 'pending' || status === 'sending' || status === 'waiting';

/** A failed delivery (refused, or out of attempts) can be sent again from the log. */
export const canRetry = (status: DeliveryStatus) => status === 'failed' || status === 'exhausted';

/**
 * How often the task's deliveries are fetched again: soon while one is being sent, at its next attempt (within a
 * minute) while one waits, not at all once every delivery has ended.
 */
export const refetchDelay = (deliveries: readonly Pick<Delivery, 'status' | 'next_attempt_at'>[], now = Date.now()): number | false => {
  if (deliveries.some((delivery) => delivery.status === 'pending' || delivery.status === 'sending')) return 2_000;
  const waits = deliveries
    .filter((delivery) => delivery.status === 'waiting')
    .map((delivery) => (delivery.next_attempt_at ? new Date(delivery.next_attempt_at).getTime() - now : 0));
  if (waits.length === 0) return false;
  return Math.min(60_000, Math.max(2_000, Math.min(...waits) + 1_000));
};

/** Types with their own sent / failed texts (spec 8); the others share the general ones. */
const OWN_TEXTS: readonly IntegrationType[] = ['email', 'jira', 'webhook'];

/** The i18n key of what a delivery's outcome says: the type's own text for email, Jira and webhook. */
export const outcomeKey = (type: IntegrationType, status: DeliveryStatus): string | undefined => {
  const outcome = status === 'sent' ? 'sent' : canRetry(status) ? 'failed' : undefined;
  if (!outcome) return undefined;
  return `integrations.deliveries.outcome.${OWN_TEXTS.includes(type) ? type : 'other'}.${outcome}`;
};
