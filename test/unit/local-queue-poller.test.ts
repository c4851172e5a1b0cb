import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GetQueueAttributesCommand,
  PurgeQueueCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { localClientConfig } from '../../local/env';
import { provisionQueues, type ProvisionedQueue } from '../../local/provision';
import { failedMessageIds, startQueuePoller, type SqsConsumer } from '../../local/queue-pollers';
import { startSqs, type SqsLocal } from '../../local/sqs';
import type { QueueSpec } from '#shared/queues';

/**
 * The poller against the real local-aws-sqs: it must behave like a Lambda event source mapping with
 * ReportBatchItemFailures, because consumers are written for that contract.
 */
const spec = (id: string): QueueSpec => ({
  id,
  message: undefined as never,
  access: {},
  batchSize: 10,
  visibilityTimeoutSeconds: 1,
  maxReceives: 2,
  description: 'test queue',
});

let sqs: SqsLocal;
let client: SQSClient;
let partial: ProvisionedQueue;
let throwing: ProvisionedQueue;

beforeAll(async () => {
  sqs = await startSqs();
  client = new SQSClient(localClientConfig(sqs.endpoint));
  [partial, throwing] = await provisionQueues(client, [spec('partial'), spec('throwing')], 'test-');
});

afterAll(async () => {
  client.destroy();
  await sqs.stop();
});

const send = (queue: ProvisionedQueue, bodies: string[]) =>
  client.send(new SendMessageBatchCommand({ QueueUrl: queue.url, Entries: bodies.map((body, i) => ({ Id: String(i), MessageBody: body })) }));

const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 8_000) => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

const dlqBodies = async (queue: ProvisionedQueue) => {
  const out = await client.send(new ReceiveMessageCommand({ QueueUrl: queue.dlqUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
  return (out.Messages ?? []).map((message) => message.Body);
};

const poll = (queue: ProvisionedQueue, consumer: SqsConsumer) =>
  startQueuePoller({
    client,
    queue: { id: queue.spec.id, url: queue.url, arn: queue.arn, batchSize: queue.spec.batchSize },
    loadConsumer: async () => consumer,
    idleDelayMs: 20,
    log: () => undefined,
  });

describe('queue poller (event source mapping semantics)', () => {
  it('hands the consumer a Lambda-shaped SQSEvent', async () => {
    const events: SQSEvent[] = [];
    await send(partial, ['shape']);
    const poller = poll(partial, async (event) => {
      events.push(event);
      return { batchItemFailures: [] };
    });
    await waitFor(() => events.length > 0);
    await poller.stop();

    const record = events[0].Records[0];
    expect(record).toMatchObject({
      body: 'shape',
      eventSource: 'aws:sqs',
      eventSourceARN: partial.arn,
      awsRegion: 'us-east-1',
      attributes: { ApproximateReceiveCount: '1' },
    });
    expect(record.messageId).toEqual(expect.any(String));
    expect(record.receiptHandle).toEqual(expect.any(String));
    expect(record.attributes.SentTimestamp).toMatch(/^\d+$/);
  });

  it('deletes only the records not listed as failures, and a record failing maxReceives times lands in the DLQ', async () => {
    await client.send(new PurgeQueueCommand({ QueueUrl: partial.url }));
    const seen: SQSRecord[] = [];
    await send(partial, ['ok-1', 'poison', 'ok-2']);
    const poller = poll(partial, async (event) => {
      seen.push(...event.Records);
      return { batchItemFailures: event.Records.filter((r) => r.body === 'poison').map((r) => ({ itemIdentifier: r.messageId })) };
    });

    // The poison record comes back after the 1 s visibility timeout, then SQS moves it to the DLQ (maxReceives 2).
    await waitFor(async () => (await dlqBodies(partial)).includes('poison'));
    await poller.stop();

    const deliveries = (body: string) => seen.filter((record) => record.body === body);
    expect(deliveries('ok-1')).toHaveLength(1);
    expect(deliveries('ok-2')).toHaveLength(1);
    expect(deliveries('poison').map((r) => r.attributes.ApproximateReceiveCount)).toEqual(['1', '2']);
    const attributes = await client.send(
      new GetQueueAttributesCommand({ QueueUrl: partial.url, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }),
    );
    expect(attributes.Attributes).toMatchObject({ ApproximateNumberOfMessages: '0', ApproximateNumberOfMessagesNotVisible: '0' });
  });

  it('deletes nothing when the consumer throws, so the whole batch is redelivered', async () => {
    const receives: string[][] = [];
    await send(throwing, ['a', 'b']);
    const poller = poll(throwing, async (event) => {
      receives.push(event.Records.map((r) => `${r.body}#${r.attributes.ApproximateReceiveCount}`).sort());
      throw new Error('consumer crashed');
    });
    await waitFor(() => receives.length >= 2);
    await poller.stop();

    expect(receives.slice(0, 2)).toEqual([
      ['a#1', 'b#1'],
      ['a#2', 'b#2'],
    ]);
  });

  it('waits without receiving while the consumer module does not exist', async () => {
    await client.send(new PurgeQueueCommand({ QueueUrl: throwing.url }));
    await send(throwing, ['later']);
    let asked = 0;
    const poller = startQueuePoller({
      client,
      queue: { id: throwing.spec.id, url: throwing.url, arn: throwing.arn, batchSize: 10 },
      loadConsumer: async () => (asked++, undefined),
      log: () => undefined,
    });
    await waitFor(() => asked > 0);
    await poller.stop();

    const out = await client.send(new ReceiveMessageCommand({ QueueUrl: throwing.url, WaitTimeSeconds: 0, AttributeNames: ['All'] }));
    expect(out.Messages?.map((m) => [m.Body, m.Attributes?.ApproximateReceiveCount])).toEqual([['later', '1']]);
  });
});

describe('failedMessageIds', () => {
  const ids = ['m1', 'm2', 'm3'];

  it('keeps exactly the listed failures', () => {
    expect(failedMessageIds(ids, { response: { batchItemFailures: [{ itemIdentifier: 'm2' }] } })).toEqual({
      failed: new Set(['m2']),
      wholeBatch: false,
    });
  });

  it('treats no answer as full success', () => {
    expect(failedMessageIds(ids, { response: undefined }).failed.size).toBe(0);
  });

  it('fails the whole batch on an unknown or empty identifier, as Lambda does', () => {
    expect(failedMessageIds(ids, { response: { batchItemFailures: [{ itemIdentifier: 'nope' }] } }).failed).toEqual(new Set(ids));
    expect(failedMessageIds(ids, { response: { batchItemFailures: [{ itemIdentifier: '' }] } }).wholeBatch).toBe(true);
  });

  it('fails the whole batch when the consumer threw', () => {
    expect(failedMessageIds(ids, { error: new Error('x') })).toEqual({ failed: new Set(ids), wholeBatch: true });
  });
});
