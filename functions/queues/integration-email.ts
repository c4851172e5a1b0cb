import { emailProvider } from '#lib/providers/email';
import { deliveryConsumer } from './wiring/deliveries';

/** Deliveries of tasks to email integrations, one attempt per message: handed to the email queue (SES), once per recipient. */
export const handler = deliveryConsumer('email', emailProvider);
