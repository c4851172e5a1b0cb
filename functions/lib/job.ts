import middy from '@middy/core';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { jobs } from '#shared/jobs';
import { logger } from './logger';
import { METRIC, metrics } from './metrics';
import { loggerContext } from './middleware/logger-context';

/**
 * Wraps a scheduled job of the job table on middy: log keys with the job id, a run and (when it throws) a failure metric with a
 * `job` dimension. The error is logged and rethrown, so the scheduler sees the run fail.
 */
export const jobHandler = <T>(jobId: string, run: (event: ScheduledEvent) => Promise<T>) => {
  const job = jobs.find((entry) => entry.id === jobId);
  if (!job) throw new Error(`Job ${jobId} is not in the job table (shared/jobs.ts)`);
  return middy<ScheduledEvent, T>()
    .use(loggerContext<ScheduledEvent>(() => ({ job: job.id })))
    .handler(async (event): Promise<T> => {
      metrics.addDimension('job', job.id);
      metrics.addMetric(METRIC.jobRuns, MetricUnit.Count, 1);
      try {
        return await run(event);
      } catch (error) {
        logger.error('Job run failed', { job: job.id, error: error as Error });
        metrics.addMetric(METRIC.jobFailures, MetricUnit.Count, 1);
        throw error;
      } finally {
        metrics.publishStoredMetrics();
      }
    }) as (event: ScheduledEvent, context?: Context) => Promise<T>;
};
