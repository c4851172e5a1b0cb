import type { AccessPattern } from './access-patterns';

/** The table reads and writes of the AI provider port: jobs, usage counters and the developer page's probe. */
export const aiPatterns: readonly AccessPattern[] = [
  {
    name: 'aiJobById',
    description: "A generation job by workspace and id (its starter's poll)",
    index: 'primary',
    operation: 'GetItem',
    routes: ['get-ai-job'],
    example: (db) => db.entities.aiJob.get({ workspaceId: 'W', jobId: 'J' }).params(),
  },
  {
    name: 'aiJobWrite',
    description: 'Create a job; claim it (queued → running, or a stale run again), progress and finish: each conditional on its status',
    index: 'primary',
    operation: 'UpdateItem',
    routes: ['generate-blog-post', 'generate-script', 'complete-connection-oauth'],
    example: (db) => db.entities.aiJob.patch({ workspaceId: 'W', jobId: 'J' }).set({ status: 'running' }).params(),
  },
  {
    name: 'aiRateReserve',
    description: "One slot of the workspace's generations this minute, refused at the rate limit (ADD with a condition); the try page's: a hashed source IP's hour",
    index: 'primary',
    operation: 'UpdateItem',
    routes: ['run-prompt', 'generate-brand-voice', 'generate-hooks', 'check-task-brand-fit', 'extract-scenes', 'try-brand'],
    example: (db) => db.entities.aiRate.update({ workspaceId: 'W', minute: '2026-11-24T10:15' }).add({ count: 1 }).params(),
  },
  {
    name: 'aiUsageReserve',
    description: "The month's tokens: an estimate reserved under the plan's budget before a call, corrected by what it spent after; the try page's: all visitors' tokens of a day",
    index: 'primary',
    operation: 'UpdateItem',
    routes: ['run-prompt', 'generate-brand-voice', 'generate-hooks', 'check-task-brand-fit', 'extract-scenes', 'try-brand'],
    example: (db) => db.entities.aiUsage.update({ workspaceId: 'W', month: '2026-11' }).add({ tokens: 100 }).params(),
  },
  {
    name: 'aiUsageOfMonth',
    description: "A workspace's tokens and generations in one month",
    index: 'primary',
    operation: 'GetItem',
    routes: [],
    example: (db) => db.entities.aiUsage.get({ workspaceId: 'W', month: '2026-11' }).params(),
  },
  {
    name: 'healthProbe',
    description: 'The developer page reads a key that never exists: the table answers, nothing is read',
    index: 'primary',
    operation: 'GetItem',
    routes: ['get-kitchen-sync'],
    example: (db) => db.entities.workspace.get({ workspaceId: 'kitchen-sync-probe' }).params(),
  },
];
