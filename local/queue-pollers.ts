import {
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  type Message,
  type MessageAttributeValue,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSMessageAttributes, SQSRecord } from 'aws-lambda';
import { LOCAL } from './env';

/**
 * A poller per queue that behaves like a Lambda SQS event source mapping with ReportBatchItemFailures:
 * receive up to `batchSize` messages, hand the consumer a real SQSEvent, delete only the records it did not
 * list in `batchItemFailures` (none when it throws or names an unknown id, as Lambda does). Failed records come
 * back after the visibility timeout and SQS itself moves them to the DLQ after `maxReceives`.
 * Up to the queue's `maximumConcurrency` batches at once (one when unset), as Lambda caps a mapping's invocations.
 *
 * No long polling: local-aws-sqs answers a long poll only when the batch is full or the wait is over (real SQS
 * answers as soon as one message is there), which delayed a lone message by up to 20 s. Short polls every
 * `idleDelayMs` while the queue is empty give sub-second delivery at negligible cost in-process.
 */
export type SqsConsumer = (event: SQSEvent) => Promise<SQSBatchResponse | void>;

export type PolledQueue = {
  id: string;
  url: string;
  arn: string;
  batchSize: number;
  /** Batches in flight at once (the event source mapping's maximumConcurrency); 1 when unset. */
  maximumConcurrency?: number;
};

export type QueuePoller = { stop: () => Promise<void> };

type Log = (message: string, error?: unknown) => void;
const defaultLog: Log = (message, error) => (error ? console.error(message, error) : console.warn(message));

const toMessageAttributes = (attributes: Record<string, MessageAttributeValue> | undefined): SQSMessageAttributes =>
  Object.fromEntries(
    Object.entries(attributes ?? {}).map(([name, value]) => [
      name,
      {
        dataType: value.DataType ?? 'String',
        stringValue: value.StringValue,
        binaryValue: value.BinaryValue ? Buffer.from(value.BinaryValue).toString('base64') : undefined,
        stringListValues: value.StringListValues ?? [],
        binaryListValues: (value.BinaryListValues ?? []).map((b) => Buffer.from(b).toString('base64')),
      },
    ]),
  );

/** One received message as Lambda hands it to the consumer. */
export const toSqsRecord = (message: Message, queueArn: string): SQSRecord => {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId!,
    receiptHandle: message.ReceiptHandle!,
    body: message.Body ?? '',
    attributes: {
      ...attributes,
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? LOCAL.accountId,
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: toMessageAttributes(message.MessageAttributes),
    md5OfBody: message.MD5OfBody ?? '',
    ...(message.MD5OfMessageAttributes ? { md5OfMessageAttributes: message.MD5OfMessageAttributes } : {}),
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: queueArn.split(':')[3] || LOCAL.region,
  };
};

/**
 * Which message ids to keep (not delete) after the consumer ran. A thrown error, or a failure entry naming an
 * id that is not in the batch, fails the whole batch like Lambda does.
 */
export const failedMessageIds = (
  messageIds: readonly string[],
  outcome: { response?: SQSBatchResponse | void; error?: unknown },
): { failed: Set<string>; wholeBatch: boolean } => {
  if (outcome.error !== undefined) return { failed: new Set(messageIds), wholeBatch: true };
  const failures = outcome.response?.batchItemFailures ?? [];
  const known = new Set(messageIds);
  if (failures.some((failure) => typeof failure?.itemIdentifier !== 'string' || !known.has(failure.itemIdentifier))) {
    return { failed: new Set(messageIds), wholeBatch: true };
  }
  return { failed: new Set(failures.map((failure) => failure.itemIdentifier)), wholeBatch: false };
};

/** Runs the consumer on one received batch and deletes the records that succeeded. */
export const deliverBatch = async (
  client: SQSClient,
  queue: PolledQueue,
  messages: Message[],
  consumer: SqsConsumer,
  log: Log = defaultLog,
) => {
  const event: SQSEvent = { Records: messages.map((message) => toSqsRecord(message, queue.arn)) };
  let outcome: { response?: SQSBatchResponse | void; error?: unknown };
  try {
    outcome = { response: await consumer(event) };
  } catch (error) {
    log(`[local] queue ${queue.id}: consumer threw; the whole batch of ${messages.length} will be retried`, error);
    outcome = { error };
  }
  const ids = messages.map((message) => message.MessageId!);
  const { failed, wholeBatch } = failedMessageIds(ids, outcome);
  if (wholeBatch && outcome.error === undefined) {
    log(`[local] queue ${queue.id}: batchItemFailures names an id not in the batch; the whole batch will be retried`);
  }
  const done = messages.filter((message) => !failed.has(message.MessageId!));
  for (let i = 0; i < done.length; i += 10) {
    const chunk = done.slice(i, i + 10);
    await client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queue.url,
        Entries: chunk.map((message, index) => ({ Id: String(index), ReceiptHandle: message.ReceiptHandle! })),
      }),
    );
  }
  return { deleted: done.length, failed: failed.size };
};

export type PollerOptions = {
  client: SQSClient;
  queue: PolledQueue;
  /** The consumer, or undefined while its module does not exist yet (messages then wait in the queue). */
  loadConsumer: () => Promise<SqsConsumer | undefined>;
  /** Pause between polls that found nothing. */
  idleDelayMs?: number;
  log?: Log;
};

/** Resolves after `ms`, or at once when `signal` aborts; leaves no listener behind either way. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });

export const startQueuePoller = ({ client, queue, loadConsumer, idleDelayMs = 100, log = defaultLog }: PollerOptions): QueuePoller => {
  const controller = new AbortController();
  const { signal } = controller;
  let warnedMissing = false;
  const inFlight = new Set<Promise<unknown>>();

  const loop = async () => {
    while (!signal.aborted) {
      let consumer: SqsConsumer | undefined;
      try {
        consumer = await loadConsumer();
      } catch (error) {
        log(`[local] queue ${queue.id}: consumer module failed to load`, error);
        await sleep(2_000, signal);
        continue;
      }
      if (!consumer) {
        if (!warnedMissing) log(`[local] queue ${queue.id}: no consumer module yet; messages wait in the queue`);
        warnedMissing = true;
        await sleep(2_000, signal);
        continue;
      }
      let messages: Message[];
      try {
        const out = await client.send(
          new ReceiveMessageCommand({
            QueueUrl: queue.url,
            MaxNumberOfMessages: Math.min(queue.batchSize, 10),
            WaitTimeSeconds: 0,
            // local-aws-sqs reads only the older AttributeNames; real SQS accepts both.
            AttributeNames: ['All'],
            MessageSystemAttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
        );
        messages = out.Messages ?? [];
      } catch (error) {
        if (signal.aborted) break;
        log(`[local] queue ${queue.id}: ReceiveMessage failed`, error);
        await sleep(1_000, signal);
        continue;
      }
      if (messages.length === 0) {
        await sleep(idleDelayMs, signal);
        continue;
      }
      const batch = deliverBatch(client, queue, messages, consumer, log)
        .catch((error) => log(`[local] queue ${queue.id}: could not delete processed messages`, error))
        .finally(() => inFlight.delete(batch));
      inFlight.add(batch);
      // Like the event source mapping: up to maximumConcurrency batches at once, the next receive once one ends.
      if (inFlight.size >= (queue.maximumConcurrency ?? 1)) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  };

  const running = loop();
  return {
    stop: async () => {
      controller.abort();
      await running;
    },
  };
};
