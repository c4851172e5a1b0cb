import { queueById } from '#shared/queues';
import { queueHandler } from '#lib/queue-consumer';
import { runAiJob } from '#lib/ai/jobs';
import '#core/ai/catalogue';
// The generation features' job runners (they read the content store, so core/ai/catalogue cannot import them).
import '../http/wiring/generation-registry';
// The connected accounts' content pillars job.
import '../http/wiring/connection-pillars';

/** Generation jobs (shared/queues.ts): each message names a job whose item holds its feature and input. */
export const handler = queueHandler(queueById('ai-generation'), (message) => runAiJob(message.workspaceId, message.jobId));
