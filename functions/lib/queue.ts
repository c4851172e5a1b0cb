import { SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { deadLetterQueueUrlEnv, queueById, queueUrlEnv, type QueueId, type QueueMessage } from '#shared/queues';
import { sqs } from './clients/sqs';
import { requireEnv } from './config';

/** Validates a message against the queue table's schema and sends it to that queue (after `delaySeconds`, ≤ 900). */
export const enqueue = async <Id extends QueueId>(queueId: Id, message: QueueMessage<Id>, options: { delaySeconds?: number } = {}) => {
  const spec = queueById(queueId);
  const body = spec.message.parse(message);
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: requireEnv(queueUrlEnv(queueId)),
      MessageBody: JSON.stringify(body),
      ...(options.delaySeconds ? { DelaySeconds: options.delaySeconds } : {}),
    }),
  );
};

/**
 * Parks a message in a queue's DLQ directly (the consumer knows it is done trying: a delivery out of attempts),
 * where the DLQ alarm sees it and a redrive (start-message-move-task) sends it back to the queue.
 */
export const sendToDeadLetters = async <Id extends QueueId>(queueId: Id, message: QueueMessage<Id>) => {
  const body = queueById(queueId).message.parse(message);
  await sqs().send(new SendMessageCommand({ QueueUrl: requireEnv(deadLetterQueueUrlEnv(queueId)), MessageBody: JSON.stringify(body) }));
};

/** The most entries one SendMessageBatch takes. */
const SQS_BATCH_ENTRIES = 10;

type Waiting = { queueId: QueueId; body: string; resolve: () => void; reject: (error: Error) => void };

/**
 * An `enqueue` that sends the messages asked for in the same turn of the event loop together, with SendMessageBatch
 * (10 a call, per queue): a stream batch of a hundred records costs ten calls instead of a hundred. Each message's
 * promise settles with its own entry's outcome, so a caller still knows exactly which messages did not go.
 */
export const batchingEnqueue = () => {
  let waiting: Waiting[] = [];
  const sendChunk = async (queueId: QueueId, chunk: readonly Waiting[]) => {
    try {
      const { Failed = [] } = await sqs().send(
        new SendMessageBatchCommand({ QueueUrl: requireEnv(queueUrlEnv(queueId)), Entries: chunk.map((entry, i) => ({ Id: String(i), MessageBody: entry.body })) }),
      );
      const failed = new Map(Failed.map((failure) => [failure.Id, failure]));
      chunk.forEach((entry, i) => {
        const failure = failed.get(String(i));
        if (failure) entry.reject(new Error(`SendMessageBatch refused a message to ${queueId}: ${failure.Code} ${failure.Message ?? ''}`));
        else entry.resolve();
      });
    } catch (error) {
      for (const entry of chunk) entry.reject(error as Error);
    }
  };
  const flush = async () => {
    const batch = waiting;
    waiting = [];
    const byQueue = new Map<QueueId, Waiting[]>();
    for (const entry of batch) byQueue.set(entry.queueId, [...(byQueue.get(entry.queueId) ?? []), entry]);
    const sends: Promise<void>[] = [];
    for (const [queueId, entries] of byQueue) {
      for (let i = 0; i < entries.length; i += SQS_BATCH_ENTRIES) sends.push(sendChunk(queueId, entries.slice(i, i + SQS_BATCH_ENTRIES)));
    }
    await Promise.all(sends);
  };
  return <Id extends QueueId>(queueId: Id, message: QueueMessage<Id>): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const body = JSON.stringify(queueById(queueId).message.parse(message));
      if (!waiting.length) setImmediate(() => void flush());
      waiting.push({ queueId, body, resolve, reject });
    });
};
