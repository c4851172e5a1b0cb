import * as z from 'zod/mini';
import type { FunctionAccess } from './access';

/**
 * The QUEUE TABLE: every background queue, its message schema and its delivery settings. CDK builds the queue,
 * its DLQ, the consumer Lambda and the event source mapping from each entry; the local stack builds the same
 * queues and a poller that behaves like the event source mapping.
 */
export type QueueSpec = {
  id: string;
  message: z.ZodMiniType;
  batchSize: number;
  visibilityTimeoutSeconds: number;
  /** Receives before a message moves to the DLQ. */
  maxReceives: number;
  /** What the consumer may touch. */
  access: FunctionAccess;
  description: string;
};

export const emailMessage = z.discriminatedUnion('template', [
  z.object({
    template: z.literal('invite'),
    /** Idempotency key: a redelivered message with the same key sends nothing twice. */
    dedupeKey: z.string(),
    to: z.string(),
    data: z.object({ workspaceName: z.string(), inviterEmail: z.string(), inviteUrl: z.string() }),
  }),
  z.object({
    template: z.literal('reminder'),
    dedupeKey: z.string(),
    to: z.string(),
    data: z.object({ workspaceName: z.string(), taskNumber: z.number(), taskSummary: z.string(), taskUrl: z.string(), remindAt: z.string() }),
  }),
  z.object({
    /** A task sent on by an email integration (one message per recipient; the delivery id is in the key). */
    template: z.literal('integration'),
    dedupeKey: z.string(),
    to: z.string(),
    data: z.object({
      projectName: z.string(),
      taskNumber: z.number(),
      taskSummary: z.string(),
      taskUrl: z.string(),
      dueDate: z.nullable(z.string()),
      priority: z.string(),
      type: z.string(),
      description: z.nullable(z.string()),
      test: z.boolean(),
    }),
  }),
]);
export type EmailMessage = z.infer<typeof emailMessage>;

export const queues = [
  {
    id: 'email',
    message: emailMessage,
    batchSize: 10,
    visibilityTimeoutSeconds: 60,
    maxReceives: 5,
    // Sent-markers in the table make redelivery idempotent.
    access: { table: 'readWrite', email: true },
    description: 'Outgoing email (invites, reminders), sent through SES',
  },
] as const satisfies readonly QueueSpec[];

export type QueueId = (typeof queues)[number]['id'];
export type QueueMessage<Id extends QueueId> = z.infer<Extract<(typeof queues)[number], { id: Id }>['message']>;

export const queueById = <Id extends QueueId>(queueId: Id) => {
  const spec = queues.find((q) => q.id === queueId);
  if (!spec) throw new Error(`Unknown queue ${queueId}`);
  return spec as Extract<(typeof queues)[number], { id: Id }>;
};

/** Environment variable holding a queue's URL; CDK and the local stack both set it from this name. */
export const queueUrlEnv = (queueId: string) => `QUEUE_URL_${queueId.toUpperCase().replace(/-/g, '_')}`;
