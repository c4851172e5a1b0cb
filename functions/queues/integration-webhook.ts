import { webhookProvider } from '#lib/providers/webhook';
import { deliveryConsumer } from './wiring/deliveries';

/** Deliveries of tasks to webhook integrations, one attempt per message. */
export const handler = deliveryConsumer('webhook', webhookProvider);
