import middy from '@middy/core';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from './logger';
import { METRIC, metrics } from './metrics';
import { loggerContext } from './middleware/logger-context';

/** A stream record's new image as a plain item (undefined for a REMOVE). */
export const newImageOf = (record: DynamoDBRecord): Record<string, unknown> | undefined => {
  const image = record.dynamodb?.NewImage;
  return image ? unmarshall(image as Record<string, AttributeValue>) : undefined;
};

/**
 * Wraps a consumer of the table's stream on middy, like queueHandler: each record is handled (concurrently: the
 * handlers are idempotent, so a record handled again after a partial failure does no harm) and the first failed
 * record is reported as the batch item failure (ReportBatchItemFailures): Lambda, and the local poller, resume
 * the shard from it, so nothing after a failure is skipped. Metrics with a `stream` dimension.
 */
export const streamHandler = (id: string, handle: (record: DynamoDBRecord) => Promise<void>) =>
  middy<DynamoDBStreamEvent, DynamoDBBatchResponse>()
    .use(loggerContext<DynamoDBStreamEvent>(() => ({ stream: id })))
    .handler(async (event): Promise<DynamoDBBatchResponse> => {
      metrics.addDimension('stream', id);
      const outcomes = await Promise.allSettled(event.Records.map((record) => handle(record)));
      const failed = event.Records.filter((record, i) => {
        const outcome = outcomes[i]!;
        if (outcome.status === 'fulfilled') return false;
        logger.error('Stream record failed', { stream: id, eventID: record.eventID, sequenceNumber: record.dynamodb?.SequenceNumber, error: outcome.reason as Error });
        return true;
      });
      metrics.addMetric(METRIC.messages, MetricUnit.Count, event.Records.length);
      metrics.addMetric(METRIC.failures, MetricUnit.Count, failed.length);
      metrics.publishStoredMetrics();
      const first = failed[0]?.dynamodb?.SequenceNumber;
      return { batchItemFailures: first ? [{ itemIdentifier: first }] : [] };
    }) as (event: DynamoDBStreamEvent, context?: Context) => Promise<DynamoDBBatchResponse>;
