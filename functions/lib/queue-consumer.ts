import middy from '@middy/core';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { QueueSpec } from '#shared/queues';
import { logger } from './logger';
import { METRIC, metrics } from './metrics';
import { loggerContext } from './middleware/logger-context';

/** How long a record waited in the queue, from SQS's SentTimestamp (ms), or undefined when SQS did not say. */
const ageOf = (record: SQSRecord, now: number): number | undefined => {
  const sent = Number(record.attributes?.SentTimestamp);
  return Number.isFinite(sent) && sent > 0 ? Math.max(0, now - sent) : undefined;
};

/**
 * Wraps a queue consumer like the HTTP wrapper wraps routes, on middy: each record's body is parsed against the
 * queue table's schema and handled on its own; failures are reported as partial batch failures, so only they are
 * retried and, after maxReceives, land in the DLQ. A message that does not parse fails too (it goes to the DLQ
 * where it can be seen) rather than being dropped. Metrics with a `queue` dimension: messages, failures and the
 * age of each message when it was taken.
 */
export const queueHandler = <Q extends QueueSpec>(
  queue: Q,
  handle: (message: z.output<Q['message']>, record: SQSRecord) => Promise<void>,
  /** Handle the batch's records at once (each independent, e.g. calls to a slow provider), not one after another. */
  options: { concurrent?: boolean } = {},
) =>
  middy<SQSEvent, SQSBatchResponse>()
    .use(loggerContext<SQSEvent>(() => ({ queue: queue.id })))
    .handler(async (event): Promise<SQSBatchResponse> => {
      metrics.addDimension('queue', queue.id);
      const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
      const now = Date.now();
      const handleRecord = async (record: SQSRecord) => {
        const age = ageOf(record, now);
        if (age !== undefined) metrics.addMetric(METRIC.messageAge, MetricUnit.Milliseconds, age);
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
      };
      if (options.concurrent) await Promise.all(event.Records.map(handleRecord));
      else for (const record of event.Records) await handleRecord(record);
      metrics.addMetric(METRIC.messages, MetricUnit.Count, event.Records.length);
      metrics.addMetric(METRIC.failures, MetricUnit.Count, batchItemFailures.length);
      metrics.publishStoredMetrics();
      return { batchItemFailures };
    }) as (event: SQSEvent, context?: Context) => Promise<SQSBatchResponse>;
