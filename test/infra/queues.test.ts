import { afterAll, describe, expect, it } from 'vitest';
import { jobs } from '#shared/jobs';
import { queues, queueUrlEnv } from '#shared/queues';
import { actionsOfRole, functionNamed, logicalIdOf, statementsOfRole, synthStage } from './synth';

const synth = synthStage('dev');
afterAll(() => synth.cleanup());
const { prefix } = synth.config;
const queueId = (name: string) => logicalIdOf(synth, 'queues', 'AWS::SQS::Queue', (p) => p.QueueName === name);

describe('queues from the queue table', () => {
  it('makes exactly one queue and one DLQ per entry, and one consumer mapping', () => {
    synth.template('queues').resourceCountIs('AWS::SQS::Queue', queues.length * 2);
    synth.template('queues').resourceCountIs('AWS::Lambda::EventSourceMapping', queues.length);
  });

  describe.each(queues.map((spec) => [spec.id, spec] as const))('%s', (id, spec) => {
    const main = queueId(`${prefix}-${id}`);
    const dlq = queueId(`${prefix}-${id}-dlq`);
    const resources = synth.resources('queues');

    it('redrives to its DLQ after maxReceives, with the table’s visibility timeout', () => {
      expect(resources[main].Properties).toMatchObject({
        VisibilityTimeout: spec.visibilityTimeoutSeconds,
        RedrivePolicy: { maxReceiveCount: spec.maxReceives, deadLetterTargetArn: { 'Fn::GetAtt': [dlq, 'Arn'] } },
      });
    });

    it('encrypts both queues and refuses non-TLS requests', () => {
      for (const queue of [main, dlq]) {
        expect(resources[queue].Properties.SqsManagedSseEnabled).toBe(true);
        const policy = Object.values(synth.resources('queues', 'AWS::SQS::QueuePolicy')).find((p) =>
          JSON.stringify(p.Properties.Queues).includes(`"${queue}"`),
        );
        expect(policy?.Properties.PolicyDocument.Statement).toContainEqual(
          expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        );
      }
    });

    it('feeds its consumer in batches of batchSize with partial batch failures', () => {
      const consumer = functionNamed(synth, 'queues', `${prefix}-queue-${id}`);
      const [mapping] = Object.values(synth.resources('queues', 'AWS::Lambda::EventSourceMapping')).filter(
        (m) => JSON.stringify(m.Properties.EventSourceArn) === JSON.stringify({ 'Fn::GetAtt': [main, 'Arn'] }),
      );
      expect(mapping.Properties).toMatchObject({
        BatchSize: spec.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        FunctionName: { Ref: consumer.id },
      });
      // Lambda's rule for SQS sources: visibility timeout ≥ 6 × function timeout, or messages are redelivered mid-run.
      expect(consumer.properties.Timeout * 6).toBeLessThanOrEqual(spec.visibilityTimeoutSeconds);
    });

    it('lets the consumer receive and delete from its own queue only, and send email through the SES identity', () => {
      const consumer = functionNamed(synth, 'queues', `${prefix}-queue-${id}`);
      const statements = statementsOfRole(synth, 'queues', consumer.roleId);
      const sqsStatements = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('sqs:')));
      expect(sqsStatements.map((s) => s.Resource)).toEqual([{ 'Fn::GetAtt': [main, 'Arn'] }]);
      expect(actionsOfRole(synth, 'queues', consumer.roleId)).not.toContain('sqs:SendMessage');
      const ses = statements.find((s) => [s.Action].flat().includes('ses:SendEmail'));
      expect(JSON.stringify(ses?.Resource)).toContain(synth.stacks.email.stackName);
    });
  });
});

describe('jobs from the job table', () => {
  it('schedules each job at its rate', () => {
    const rules = Object.values(synth.resources('queues', 'AWS::Events::Rule'));
    expect(rules).toHaveLength(jobs.length);
    for (const job of jobs) {
      const unit = job.rateMinutes === 1 ? 'minute' : 'minutes';
      expect(rules.map((r) => r.Properties.ScheduleExpression)).toContain(`rate(${job.rateMinutes} ${unit})`);
    }
  });

  it.each(jobs.map((job) => [job.id, job] as const))('gives job %s the queues its access lists (URL and send), and the table', (id, job) => {
    const fn = functionNamed(synth, 'queues', `${prefix}-job-${id}`);
    const actions = actionsOfRole(synth, 'queues', fn.roleId);
    for (const queueId of job.access.queues ?? []) {
      expect(Object.keys(fn.properties.Environment.Variables)).toContain(queueUrlEnv(queueId));
      expect(actions).toContain('sqs:SendMessage');
    }
    if (job.access.table === 'readWrite') expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:PutItem']));
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions.some((a) => a.startsWith('s3:'))).toBe(!!job.access.bucket);
  });
});
