import type { StageConfig } from './stage-config';

/**
 * Physical names the stage chooses, written once. Stacks that only need to name a resource of another stack
 * (an alarm's dimension, a dashboard metric, the alarm topic) derive it from here instead of importing a
 * cross-stack reference, so the stack graph stays the few references that carry generated ids.
 */
export const physicalName = (config: Pick<StageConfig, 'prefix'>, name: string) => `${config.prefix}-${name}`;

/** The function names AppFunction gets (`<prefix>-<kind>-<id>`), one per route, queue consumer and job. */
export const functionNames = {
  route: (id: string) => `http-${id}`,
  queueConsumer: (id: string) => `queue-${id}`,
  job: (id: string) => `job-${id}`,
  streamConsumer: (id: string) => `stream-${id}`,
} as const;

export const tableName = (config: Pick<StageConfig, 'prefix'>) => physicalName(config, 'main');
export const queueName = (config: Pick<StageConfig, 'prefix'>, queueId: string) => physicalName(config, queueId);
export const deadLetterQueueName = (config: Pick<StageConfig, 'prefix'>, queueId: string) => `${queueName(config, queueId)}-dlq`;
/** Where a stream consumer's batches go once their retries are spent (the record positions, for a replay). */
export const streamFailuresQueueName = (config: Pick<StageConfig, 'prefix'>, streamId: string) => physicalName(config, `stream-${streamId}-failures`);
export const jobRuleName = (config: Pick<StageConfig, 'prefix'>, jobId: string) => physicalName(config, functionNames.job(jobId));
/** The SNS topic every alarm of the stage notifies. */
export const alarmTopicName = (config: Pick<StageConfig, 'prefix'>) => physicalName(config, 'alarms');
/** The stage's CloudWatch dashboard. */
export const dashboardName = (config: Pick<StageConfig, 'prefix'>) => physicalName(config, 'overview');
/** The HTTP API's only stage; its route metrics carry this as the Stage dimension. */
export const API_STAGE_NAME = '$default';
