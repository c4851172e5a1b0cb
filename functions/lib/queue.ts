import { SendMessageCommand } from '@aws-sdk/client-sqs';
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
