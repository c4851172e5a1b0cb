import { mondayProvider } from '#lib/providers/monday';
import { deliveryConsumer } from './wiring/deliveries';

/** Deliveries of tasks to monday integrations, one attempt per message. */
export const handler = deliveryConsumer('monday', mondayProvider);
