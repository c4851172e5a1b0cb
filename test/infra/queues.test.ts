import { afterAll, describe, expect, it } from 'vitest';
import { jobs } from '#shared/jobs';
import { OUTBOX_RECORDS } from '#data/deliveries';
import type { FunctionAccess } from '#shared/access';
import { deadLetterQueueUrlEnv, queues, queueUrlEnv } from '#shared/queues';
import { streams } from '#shared/streams';
import { streamConsumerTimeout } from '../../infra/constructs/stream-consumer';
import { functionNames, physicalName, streamFailuresQueueName } from '../../infra/names';
import { actionsOfRole, functionNamed, logicalIdOf, statementsOfRole, synthStage } from './synth';

const synth = synthStage('dev');
afterAll(() => synth.cleanup());
const { prefix } = synth.config;
const queueId = (name: string) => logicalIdOf(synth, 'queues', 'AWS::SQS::Queue', (p) => p.QueueName === name);

describe('queues from the queue table', () => {
  it('makes exactly one queue and one DLQ per entry, and one consumer mapping (besides the stream consumers’)', () => {
    synth.template('queues').resourceCountIs('AWS::SQS::Queue', queues.length * 2 + streams.length);
    synth.template('queues').resourceCountIs('AWS::Lambda::EventSourceMapping', queues.length + streams.length);
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
      const maximumConcurrency = 'maximumConcurrency' in spec ? spec.maximumConcurrency : undefined;
      expect(mapping.Properties.ScalingConfig?.MaximumConcurrency).toBe(maximumConcurrency);
      // Lambda's rule for SQS sources: visibility timeout ≥ 6 × function timeout, or messages are redelivered mid-run.
      expect(consumer.properties.Timeout * 6).toBeLessThanOrEqual(spec.visibilityTimeoutSeconds);
    });

    it('lets the consumer receive and delete from its own queue only, send only to the queues and DLQs its access lists, and send email only if its access says so', () => {
      const consumer = functionNamed(synth, 'queues', `${prefix}-queue-${id}`);
      const access: FunctionAccess = spec.access;
      const statements = statementsOfRole(synth, 'queues', consumer.roleId);
      const withAction = (action: string) => statements.filter((s) => [s.Action].flat().includes(action));
      const resourcesOf = (list: typeof statements) => list.flatMap((s) => [s.Resource].flat());
      expect(resourcesOf(withAction('sqs:ReceiveMessage'))).toEqual([{ 'Fn::GetAtt': [main, 'Arn'] }]);
      expect(resourcesOf(withAction('sqs:DeleteMessage'))).toEqual([{ 'Fn::GetAtt': [main, 'Arn'] }]);
      // A consumer puts a message back on its own queue with a delay (a retry) or parks it in its own DLQ.
      const sendTargets = [
        ...(access.queues ?? []).map((queue) => queueId(`${prefix}-${queue}`)),
        ...(access.deadLetterQueues ?? []).map((queue) => queueId(`${prefix}-${queue}-dlq`)),
      ];
      expect(resourcesOf(withAction('sqs:SendMessage')).map((r: any) => r['Fn::GetAtt'][0]).sort()).toEqual(sendTargets.sort());
      for (const queue of access.queues ?? []) expect(consumer.properties.Environment.Variables).toHaveProperty(queueUrlEnv(queue));
      for (const queue of access.deadLetterQueues ?? []) {
        expect(consumer.properties.Environment.Variables).toHaveProperty(deadLetterQueueUrlEnv(queue));
      }
      // The queue-wide actions no consumer needs.
      expect(actionsOfRole(synth, 'queues', consumer.roleId).filter((a) => ['sqs:PurgeQueue', 'sqs:DeleteQueue', 'sqs:SetQueueAttributes', 'sqs:*'].includes(a))).toEqual([]);
      const ses = withAction('ses:SendEmail');
      if (access.email) expect(JSON.stringify(ses[0]?.Resource)).toContain(synth.stacks.email.stackName);
      else expect(ses).toEqual([]);
    });
  });
});

describe('stream consumers from the stream table', () => {
  describe.each(streams.map((spec) => [spec.id, spec] as const))('%s', (id, spec) => {
    const consumer = functionNamed(synth, 'queues', physicalName(synth.config, functionNames.streamConsumer(id)));
    const failures = queueId(streamFailuresQueueName(synth.config, id));
    const mappingOf = () => {
      const mappings = Object.values(synth.resources('queues', 'AWS::Lambda::EventSourceMapping')).filter(
        (m) => JSON.stringify(m.Properties.FunctionName) === JSON.stringify({ Ref: consumer.id }),
      );
      expect(mappings).toHaveLength(1);
      return mappings[0].Properties;
    };

    it('reads the table’s stream from its oldest record, filtered, bisecting a failing batch, then sending it to its failures queue', () => {
      const mapping = mappingOf();
      expect(mapping).toMatchObject({
        StartingPosition: 'TRIM_HORIZON',
        BatchSize: spec.batchSize,
        BisectBatchOnFunctionError: true,
        MaximumRetryAttempts: spec.retryAttempts,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [failures, 'Arn'] } } },
      });
      expect(JSON.stringify(mapping.EventSourceArn)).toContain(synth.stacks.data.stackName);
      // Exactly the outbox's records (one pattern each, on the new image's typed attributes), so no other change
      // of the table invokes the consumer.
      expect(mapping.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual(
        OUTBOX_RECORDS.map((record) => ({
          eventName: record.eventNames,
          dynamodb: {
            NewImage: Object.fromEntries(Object.entries(record.image).map(([name, value]) => [name, typeof value === 'boolean' ? { BOOL: [value] } : { S: [value] }])),
          },
        })),
      );
      expect(consumer.properties.Timeout).toBe(streamConsumerTimeout.toSeconds());
    });

    it('keeps failed batches 14 days, encrypted and TLS-only', () => {
      const resources = synth.resources('queues');
      expect(resources[failures].Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
      const policy = Object.values(synth.resources('queues', 'AWS::SQS::QueuePolicy')).find((p) => JSON.stringify(p.Properties.Queues).includes(`"${failures}"`));
      expect(policy?.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    });

    it('lets the consumer read the stream, send to the queues its access lists and to its failures queue, and receive from no queue', () => {
      const statements = statementsOfRole(synth, 'queues', consumer.roleId);
      const actions = actionsOfRole(synth, 'queues', consumer.roleId);
      const sends = statements.filter((s) => [s.Action].flat().includes('sqs:SendMessage')).flatMap((s) => [s.Resource].flat());
      const expected = [...spec.access.queues.map((queue) => queueId(`${prefix}-${queue}`)), failures];
      expect(sends.map((r: any) => r['Fn::GetAtt'][0]).sort()).toEqual(expected.sort());
      expect(actions).not.toContain('sqs:ReceiveMessage');
      expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:GetShardIterator']));
      const streamReads = statements.filter((s) => [s.Action].flat().includes('dynamodb:GetRecords')).flatMap((s) => [s.Resource].flat());
      expect(streamReads).toHaveLength(1);
      expect(JSON.stringify(streamReads[0])).toContain(synth.stacks.data.stackName);
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
