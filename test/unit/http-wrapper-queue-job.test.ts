import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod/mini';
import { jobHandler } from '#lib/job';
import { METRIC, metrics } from '#lib/metrics';
import { queueHandler } from '#lib/queue-consumer';

const queue = { id: 'email', message: z.object({ to: z.string() }), batchSize: 10, visibilityTimeoutSeconds: 30, maxReceives: 3 } as never;
const record = (messageId: string, body: string, sentMsAgo = 1_000): SQSRecord =>
  ({ messageId, body, attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(Date.now() - sentMsAgo) } }) as unknown as SQSRecord;

afterEach(() => vi.restoreAllMocks());

describe('queueHandler on middy', () => {
  it('reports only the failed records (a throw, a message that breaks the schema) as partial batch failures', async () => {
    const seen: string[] = [];
    const handler = queueHandler(queue, async (message: { to: string }) => {
      if (message.to === 'boom') throw new Error('send failed');
      seen.push(message.to);
    });
    const event = { Records: [record('1', '{"to":"a"}'), record('2', '{"to":"boom"}'), record('3', '{"nope":1}'), record('4', '{"to":"b"}')] } as SQSEvent;
    const result = await handler(event);
    expect(seen).toEqual(['a', 'b']);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: '2' }, { itemIdentifier: '3' }]);
  });

  it('emits messages, failures and the age of each message with the queue dimension, once per batch', async () => {
    const added = vi.spyOn(metrics, 'addMetric');
    const dimension = vi.spyOn(metrics, 'addDimension');
    const published = vi.spyOn(metrics, 'publishStoredMetrics');
    const handler = queueHandler(queue, async () => {
      throw new Error('down');
    });
    await handler({ Records: [record('1', '{"to":"a"}', 5_000)] } as SQSEvent);
    expect(dimension).toHaveBeenCalledWith('queue', 'email');
    expect(added).toHaveBeenCalledWith(METRIC.messages, 'Count', 1);
    expect(added).toHaveBeenCalledWith(METRIC.failures, 'Count', 1);
    const age = added.mock.calls.find(([name]) => name === METRIC.messageAge)?.[2] as number;
    expect(age).toBeGreaterThanOrEqual(5_000);
    expect(published).toHaveBeenCalledTimes(1);
  });
});

describe('jobHandler on middy', () => {
  it('refuses a job that is not in the job table', () => {
    expect(() => jobHandler('no-such-job', async () => 1)).toThrow(/job table/);
  });

  it('counts a run, and a failure when the run throws, and rethrows so the scheduler sees it', async () => {
    const added = vi.spyOn(metrics, 'addMetric');
    const failing = jobHandler('send-reminders', async () => {
      throw new Error('table down');
    });
    await expect(failing({} as never)).rejects.toThrow('table down');
    expect(added).toHaveBeenCalledWith(METRIC.jobRuns, 'Count', 1);
    expect(added).toHaveBeenCalledWith(METRIC.jobFailures, 'Count', 1);
  });
});
