import type { FunctionAccess } from './access';
import { INTEGRATION_TYPES } from './schemas/integrations';
import { integrationQueueId } from './queues';

/**
 * Consumers of the table's change stream (the outbox), like the queue table: CDK puts each on the table's stream
 * (event filter, bisect on error, partial batch failures, failed batches to an on-failure queue); the local stack
 * polls DynamoDB Local's stream and invokes the same handler (local/streams.ts).
 */
export type StreamSpec = {
  id: string;
  /** Records per invocation (at most). */
  batchSize: number;
  /** Attempts at a failing batch before its records go to the on-failure destination. */
  retryAttempts: number;
  access: FunctionAccess;
  description: string;
};

export const streams = [
  {
    id: 'outbox',
    batchSize: 100,
    retryAttempts: 10,
    // Enqueues pending deliveries; creates the deliveries of a bulk create too big for its own transaction.
    access: { table: 'readWrite', queues: [...INTEGRATION_TYPES.map(integrationQueueId), 'notifications'] },
    description: 'The outbox: pending integration deliveries to their provider queues, notification events to the fan-out',
  },
] as const satisfies readonly StreamSpec[];
