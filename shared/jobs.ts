/**
 * The JOB TABLE: scheduled jobs, each a handler module in functions/jobs/<id>.ts run on a fixed rate.
 * CDK turns each entry into an EventBridge rule + Lambda; the local scheduler runs the same handler on a timer.
 */
import type { FunctionAccess } from './access';
import { integrationQueueId } from './queues';
import { INTEGRATION_TYPES } from './schemas/integrations';

export type JobSpec = { id: string; rateMinutes: number; access: FunctionAccess; description: string };

export const jobs: readonly JobSpec[] = [
  {
    id: 'send-reminders',
    rateMinutes: 1,
    // Reads the due reminders (sparse byReminder index), queues the email, writes the in-app notification.
    access: { table: 'readWrite', queues: ['email', 'push'] },
    description: "Task reminders that are due: email (through the email queue) and in-app notification to the assignee, once",
  },
  {
    id: 'retry-deliveries',
    rateMinutes: 1,
    // Reads the waiting deliveries (sparse byRetryAt index), sends each due one's message to its integration queue.
    access: { table: 'readWrite', queues: INTEGRATION_TYPES.map(integrationQueueId) },
    description: 'Integration deliveries whose next attempt falls due (waits longer than a queue delay, or lost messages): back to their queue',
  },
  {
    id: 'sync-connections',
    rateMinutes: 30,
    // Reads the due connections (sparse bySyncDue index), moves each one's due time on and queues its sync.
    access: { table: 'readWrite', queues: ['social-sync'] },
    description: "Connected Instagram and YouTube accounts whose next sync is due: one sync message each to the social-sync queue",
  },
];
