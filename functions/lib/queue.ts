import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { queueById, queueUrlEnv, type QueueId, type QueueMessage } from '#shared/queues';
import { sqs } from './clients/sqs';
import { requireEnv } from './config';

/** Validates a message against the queue table's schema and sends it to that queue. */
export const enqueue = async <Id extends QueueId>(queueId: Id, message: QueueMessage<Id>) => {
  const spec = queueById(queueId);
  const body = spec.message.parse(message);
  await sqs().send(new SendMessageCommand({ QueueUrl: requireEnv(queueUrlEnv(queueId)), MessageBody: JSON.stringify(body) }));
};
