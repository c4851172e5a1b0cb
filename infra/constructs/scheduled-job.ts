import { Duration } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import type { JobSpec } from '#shared/jobs';
import { failedRunsAlarm } from '../monitoring/alarms';
import { functionNames, jobRuleName } from '../names';
import type { StageConfig } from '../stage-config';
import { AppFunction, type FunctionResources } from './app-function';

export const jobEntry = (spec: Pick<JobSpec, 'id'>) => `functions/jobs/${spec.id}.ts`;

export type ScheduledJobProps = { config: StageConfig; spec: JobSpec; resources: FunctionResources };

/** A job-table entry: its handler on an EventBridge rate rule, and an alarm on a failed or missed run. */
export class ScheduledJob extends AppFunction {
  readonly rule: events.Rule;
  readonly failedRunsAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, { config, spec, resources }: ScheduledJobProps) {
    super(scope, id, {
      config,
      entry: jobEntry(spec),
      name: functionNames.job(spec.id),
      description: `Every ${spec.rateMinutes} min: ${spec.description}`,
      access: spec.access,
      resources,
      timeout: Duration.minutes(Math.min(15, Math.max(1, spec.rateMinutes))),
    });
    this.rule = new events.Rule(this, 'Schedule', {
      ruleName: jobRuleName(config, spec.id),
      schedule: events.Schedule.rate(Duration.minutes(spec.rateMinutes)),
      targets: [new targets.LambdaFunction(this.function, { retryAttempts: 2 })],
    });
    this.failedRunsAlarm = failedRunsAlarm(this, config, spec);
  }
}
