import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { QueueSpec } from '#shared/queues';
import type * as z from 'zod/mini';
import { logger } from './logger';

/**
 * Wraps a queue consumer like the HTTP wrapper wraps routes: each record's body is parsed against the queue
 * table's schema and handled on its own; failures are reported as partial batch failures, so only they are
 * retried and, after maxReceives, land in the DLQ. A message that does not parse fails too (it goes to the DLQ
 * where it can be seen) rather than being dropped.
 */
export const queueHandler =
  <Q extends QueueSpec>(queue: Q, handle: (message: z.output<Q['message']>, record: SQSRecord) => Promise<void>) =>
  async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      try {
        const message = queue.message.parse(JSON.parse(record.body)) as z.output<Q['message']>;
        await handle(message, record);
      } catch (error) {
        logger.error('Queue record failed', {
          queue: queue.id,
          messageId: record.messageId,
          receiveCount: record.attributes?.ApproximateReceiveCount,
          error: error as Error,
        });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
