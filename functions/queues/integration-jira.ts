import { jiraProvider } from '#lib/providers/jira';
import { deliveryConsumer } from './wiring/deliveries';

/** Deliveries of tasks to jira integrations, one attempt per message. */
export const handler = deliveryConsumer('jira', jiraProvider);
