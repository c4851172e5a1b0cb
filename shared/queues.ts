import * as z from 'zod/mini';
import type { FunctionAccess } from './access';
import type { IntegrationType } from './schemas/integrations';
import { pushData } from './schemas/push';
import { ANALYTICS_PLATFORMS } from './schemas/analytics';

/**
 * The QUEUE TABLE: every background queue, its message schema and its delivery settings. CDK builds the queue,
 * its DLQ, the consumer Lambda and the event source mapping from each entry; the local stack builds the same
 * queues and a poller that behaves like the event source mapping.
 */
/**
 * Every queue's id, listed before the table itself: a queue's `access` names queues, so the ids must exist as a
 * type before the entries that use them.
 */
export const QUEUE_IDS = [
  'email',
  'notifications',
  'integration-webhook',
  'integration-jira',
  'integration-slack',
  'integration-monday',
  'integration-calendar',
  'integration-email',
  'ai-generation',
  'post-import',
  'push',
  'social-sync',
  'workspace-purge',
] as const;
export type QueueId = (typeof QUEUE_IDS)[number];

export type QueueSpec = {
  id: string;
  message: z.ZodMiniType;
  batchSize: number;
  visibilityTimeoutSeconds: number;
  /** Receives before a message moves to the DLQ. */
  maxReceives: number;
  /**
   * At most this many consumer invocations at once (the event source mapping's maximumConcurrency, 2–1000; the
   * local poller keeps as many batches in flight), so one slow provider cannot take every execution. Unset: as
   * many as Lambda scales to (one batch at a time locally).
   */
  maximumConcurrency?: number;
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
  z.object({
    /** What others did that the person waits on: one event, or several grouped (a digest window's events). */
    template: z.literal('notifications'),
    dedupeKey: z.string(),
    to: z.string(),
    data: z.object({
      items: z.array(z.object({ title: z.string(), body: z.string(), taskUrl: z.string(), workspaceName: z.string() })),
      settingsUrl: z.string(),
    }),
  }),
]);
export type EmailMessage = z.infer<typeof emailMessage>;

/**
 * The notification fan-out: an event that left the outbox (its recipients get the in-app notification and join
 * their email digest window), or a person's digest window that has closed (its events leave in one email).
 */
export const notificationMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('event'), eventId: z.string() }),
  z.object({ type: z.literal('digest'), userId: z.string(), window: z.number() }),
]);
export type NotificationMessage = z.infer<typeof notificationMessage>;

/**
 * One attempt at an integration delivery: which delivery, and which attempt this message brings (1-based), so a
 * late duplicate of an earlier message claims nothing (the delivery's claim is conditional on its attempt count).
 */
export const integrationMessage = z.object({
  workspaceId: z.string(),
  taskId: z.string(),
  deliveryId: z.string(),
  attempt: z.number(),
});
export type IntegrationMessage = z.infer<typeof integrationMessage>;

/**
 * The queue of each integration type's deliveries: a slow or failing provider backs up only its own queue.
 * Batches are handled concurrently inside one invocation; the visibility timeout covers a batch of provider
 * calls at the outbound fetcher's time cap, and a message that fails `maxReceives` times (the consumer itself
 * failing, not the provider: a provider's failure is a result, retried on the delivery's own schedule) is parked
 * in the DLQ, as is a delivery whose attempts ran out.
 */
const integrationQueue = <const T extends IntegrationType>(type: T, maximumConcurrency: number, description: string) =>
  ({
    id: `integration-${type}`,
    message: integrationMessage,
    batchSize: 5,
    visibilityTimeoutSeconds: 180,
    maxReceives: 5,
    maximumConcurrency,
    access: { table: 'readWrite', secrets: 'both', queues: [`integration-${type}`], deadLetterQueues: [`integration-${type}`] },
    description,
  }) as const;

/** A generation job to run (functions/lib/ai/jobs.ts): the job item holds its feature and input. */
export const aiGenerationMessage = z.object({ workspaceId: z.string(), jobId: z.string() });

/**
 * The bulk import of posts from a CSV (issue 12). `start`: read the uploaded file as a stream and fan its rows out
 * in chunks; `chunk`: fetch and save those rows. Each row's outcome is written once (conditional on the row), so
 * a redelivered start or chunk repeats no post and skips none.
 */
export const postImportMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), workspaceId: z.string(), projectId: z.string(), importId: z.string() }),
  z.object({
    type: z.literal('chunk'),
    workspaceId: z.string(),
    projectId: z.string(),
    importId: z.string(),
    /** Rows in file order: a URL to import, or a row the CSV rules refused (with its reason and what the cell said). */
    rows: z.array(z.object({ row: z.number(), url: z.optional(z.string()), reason: z.optional(z.string()), value: z.optional(z.string()) })),
  }),
]);
export type PostImportMessage = z.infer<typeof postImportMessage>;

/** A push to every device of one person (functions/queues/push.ts): what the notification says and where a tap goes. */
export const pushMessage = z.object({ userId: z.string(), data: pushData });
export type PushMessage = z.infer<typeof pushMessage>;

/**
 * One sync of a brand's connected Instagram or YouTube account (functions/core/analytics/sync.ts): profile, a daily
 * snapshot, recent media into the brand's posts and their metrics. Why it runs is logged; a sync is idempotent.
 */
export const socialSyncMessage = z.object({
  workspaceId: z.string(),
  projectId: z.string(),
  type: z.enum(ANALYTICS_PLATFORMS),
  reason: z.enum(['schedule', 'manual', 'connect']),
});
export type SocialSyncMessage = z.infer<typeof socialSyncMessage>;

/** A deleted workspace whose files are to go from the uploads bucket. */
export const workspacePurgeMessage = z.object({ workspaceId: z.string().check(z.minLength(1)) });

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
  {
    id: 'notifications',
    message: notificationMessage,
    batchSize: 10,
    visibilityTimeoutSeconds: 60,
    maxReceives: 5,
    // In-app notifications are puts by the event's id, an event's email stays in the window it was first put in, and
    // emails carry the window's dedupe key: redelivery is harmless, late or not.
    access: { table: 'readWrite', queues: ['notifications', 'email', 'push'] },
    description: 'Notification fan-out (review decisions, comments, mentions, assignments): in-app notifications and grouped emails',
  },
  integrationQueue('webhook', 10, 'Task deliveries to webhook integrations (Standard Webhooks signed POSTs)'),
  integrationQueue('jira', 5, 'Task deliveries to Jira integrations (issues, deduplicated by the delivery label)'),
  integrationQueue('slack', 5, 'Task deliveries to Slack integrations (channel messages)'),
  integrationQueue('monday', 5, 'Task deliveries to monday integrations (board items)'),
  integrationQueue('calendar', 5, 'Task deliveries to Google Calendar integrations (events on the due date)'),
  {
    ...integrationQueue('email', 5, 'Task deliveries to email integrations (handed to the email queue, sent through SES)'),
    access: { table: 'readWrite', secrets: 'both', queues: ['integration-email', 'email'], deadLetterQueues: ['integration-email'] },
  },
  {
    id: 'ai-generation',
    message: aiGenerationMessage,
    // One job an invocation: each runs for up to the consumer's timeout (900 / 6 = 150 s).
    batchSize: 1,
    visibilityTimeoutSeconds: 900,
    // A job the consumer claimed and then died on is taken once more; a failed generation is a failed job, not a retry.
    maxReceives: 2,
    maximumConcurrency: 5,
    access: { table: 'readWrite', ai: true, bucket: 'read' },
    description: 'Generation jobs that can outlast the HTTP API (blog posts, scripts): run, progress and result on the job item',
  },
  {
    id: 'post-import',
    message: postImportMessage,
    // One message an invocation: a start streams a file of up to 10 MB, a chunk fetches up to 50 pages (per-host
    // politeness makes that slow on one site); the visibility covers the consumer's whole timeout.
    batchSize: 1,
    visibilityTimeoutSeconds: 900,
    // A chunk redelivered after a crash resumes at its first row without an outcome; one failing again and again is parked.
    maxReceives: 5,
    maximumConcurrency: 10,
    // bucket: reads the CSV, writes each post's thumbnail copy.
    access: { table: 'readWrite', bucket: 'readWrite', queues: ['post-import'] },
    description: 'Bulk import of posts from a CSV of URLs: the file read and fanned out in chunks, each row fetched and saved once',
  },
  {
    id: 'push',
    message: pushMessage,
    batchSize: 10,
    // A batch of pushes to a person's devices at the outbound fetcher's 10 s cap each, with room.
    visibilityTimeoutSeconds: 120,
    // A push service that fails (5xx, 429, no answer) is tried again; the same tag makes a repeat replace, not add.
    maxReceives: 5,
    maximumConcurrency: 10,
    // readWrite: a subscription the push service calls gone (404/410) is removed.
    access: { table: 'readWrite', push: true },
    description: "Web Push to a person's devices (VAPID, web-push's encryption, sent through the guarded fetcher); gone subscriptions removed",
  },
  {
    id: 'social-sync',
    message: socialSyncMessage,
    // One account an invocation: up to 200 media with an insights call each, paced by the provider's limits.
    batchSize: 1,
    visibilityTimeoutSeconds: 900,
    // A sync the consumer died in is taken again (it repeats nothing); a provider's refusal is an outcome, not a retry.
    maxReceives: 3,
    // Few at once: each account's calls count against one app's rate budget.
    maximumConcurrency: 5,
    // secrets: opens the sealed tokens and stores refreshed ones; bucket: writes each new post's thumbnail copy.
    access: { table: 'readWrite', secrets: 'both', bucket: 'readWrite' },
    description: "Sync of a brand's connected Instagram or YouTube account: profile and daily snapshot, recent media into the posts with their metrics",
  },
  {
    id: 'workspace-purge',
    message: workspacePurgeMessage,
    // One workspace an invocation: pages of up to 1000 keys listed and deleted; a workspace with more goes on in a next message.
    batchSize: 1,
    visibilityTimeoutSeconds: 300,
    // A page that fails is listed again on the next receive (what was deleted is no longer listed).
    maxReceives: 5,
    maximumConcurrency: 2,
    // table: only whether the workspace carries its tombstone; bucket: lists and deletes its files.
    access: { table: 'read', bucket: 'readWrite', bucketList: true, queues: ['workspace-purge'] },
    description: "A deleted workspace's files (recordings, attachments, covers, logos, thumbnails, import files) removed from the uploads bucket",
  },
] as const satisfies readonly (QueueSpec & { id: QueueId })[];

export type QueueMessage<Id extends QueueId> = z.infer<Extract<(typeof queues)[number], { id: Id }>['message']>;

export const queueById = <Id extends QueueId>(queueId: Id) => {
  const spec = queues.find((q) => q.id === queueId);
  if (!spec) throw new Error(`Unknown queue ${queueId}`);
  return spec as Extract<(typeof queues)[number], { id: Id }>;
};

/** Environment variable holding a queue's URL; CDK and the local stack both set it from this name. */
export const queueUrlEnv = (queueId: string) => `QUEUE_URL_${queueId.toUpperCase().replace(/-/g, '_')}`;
/** Environment variable holding a queue's DLQ URL (a consumer that parks a message itself is granted it). */
export const deadLetterQueueUrlEnv = (queueId: string) => `DLQ_URL_${queueId.toUpperCase().replace(/-/g, '_')}`;

/** The queue of an integration type's deliveries. */
export const integrationQueueId = (type: IntegrationType) => `integration-${type}` as const;
