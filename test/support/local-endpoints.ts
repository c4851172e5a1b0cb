import { QUEUE_IDS, type QueueId } from '#shared/queues';

/**
 * A URL for every queue of the queue table and for its DLQ, as the local stack creates them: functions whose access
 * reads every queue (the developer page's health grant) need them all in the stack's environment.
 */
export const everyQueueUrl = (sqs: string): { queueUrls: Record<QueueId, string>; deadLetterQueueUrls: Record<QueueId, string> } => ({
  queueUrls: Object.fromEntries(QUEUE_IDS.map((id) => [id, `${sqs}/123456789012/${id}`])) as Record<QueueId, string>,
  deadLetterQueueUrls: Object.fromEntries(QUEUE_IDS.map((id) => [id, `${sqs}/123456789012/${id}-dlq`])) as Record<QueueId, string>,
});
