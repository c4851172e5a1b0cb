import { slackProvider } from '#lib/providers/slack';
import { deliveryConsumer } from './wiring/deliveries';

/** Deliveries of tasks to slack integrations, one attempt per message. */
export const handler = deliveryConsumer('slack', slackProvider);
