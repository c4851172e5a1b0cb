import { randomUUID } from 'node:crypto';
import type { ScheduledEvent } from 'aws-lambda';
import type { JobSpec } from '#shared/jobs';
import { LOCAL } from './env';

/**
 * Runs each job of the job table every `rateMinutes`, like an EventBridge `rate(n minutes)` rule: the first
 * run comes one period after start, each run gets a "Scheduled Event". A run still busy when the next tick
 * comes is not overlapped (the tick is skipped and logged), which keeps a slow local handler from piling up.
 */
export type JobHandler = (event: ScheduledEvent) => Promise<unknown>;

export type SchedulerOptions = {
  jobs: readonly JobSpec[];
  /** The job's handler, or undefined while its module does not exist yet. */
  loadJob: (id: string) => Promise<JobHandler | undefined>;
  /** Length of a "minute" in ms; tests shrink it. */
  minuteMs?: number;
  log?: (message: string, error?: unknown) => void;
};

export type Scheduler = { stop: () => Promise<void> };

export const scheduledEvent = (jobId: string, now = new Date()): ScheduledEvent => ({
  version: '0',
  id: randomUUID(),
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: LOCAL.accountId,
  time: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  region: LOCAL.region,
  resources: [`arn:aws:events:${LOCAL.region}:${LOCAL.accountId}:rule/brandslate-${jobId}`],
  detail: {},
});

export const startScheduler = ({ jobs, loadJob, minuteMs = 60_000, log = console.warn }: SchedulerOptions): Scheduler => {
  const running = new Map<string, Promise<void>>();

  const run = (job: JobSpec) => {
    if (running.has(job.id)) {
      log(`[local] job ${job.id}: previous run still busy, tick skipped`);
      return;
    }
    const execution = (async () => {
      try {
        const handler = await loadJob(job.id);
        if (!handler) return log(`[local] job ${job.id}: no handler module yet, tick skipped`);
        await handler(scheduledEvent(job.id));
      } catch (error) {
        log(`[local] job ${job.id} failed`, error);
      }
    })().finally(() => running.delete(job.id));
    running.set(job.id, execution);
  };

  const timers = jobs.map((job) => setInterval(() => run(job), job.rateMinutes * minuteMs));
  return {
    stop: async () => {
      timers.forEach(clearInterval);
      await Promise.allSettled(running.values());
    },
  };
};
