import { DeleteMessageBatchCommand, ReceiveMessageCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_RETRY_SCALE_ENV } from '#lib/config';
import { startStack, type Stack } from '../../local/stack';
import { control, eventually } from './support/deliveries';
import { ownUser } from './support/own-stack';

/**
 * The fault test: 200 tasks sent to a webhook and a Slack channel while both fakes fail half their calls and time
 * out on a tenth. Every task must arrive at both (0 lost); duplicates are counted (webhook: by webhook-id at the
 * receiver, which verifies each signature; Slack has no handle against duplicates, so they are counted by task).
 * A delivery that runs out of attempts lands in the DLQ, its brand's admins are notified, and a redrive sends it.
 * The retry schedule runs scaled (DELIVERY_RETRY_SCALE): a day of waits in seconds, never real hours.
 */
const TASKS = 200;
const SCALE = '0.0002';

let stack: Stack;
let owner: Awaited<ReturnType<typeof ownUser>>;
let root: string;

beforeAll(async () => {
  process.env[DELIVERY_RETRY_SCALE_ENV] = SCALE;
  stack = await startStack({});
  root = `${stack.url}/_local/integrations`;
  owner = await ownUser(stack, 'faults');
}, 120_000);
afterAll(async () => {
  delete process.env[DELIVERY_RETRY_SCALE_ENV];
  await stack?.stop();
});

const setUpBrand = async () => {
  const project = await owner.call('POST', `/workspaces/${owner.workspaceId}/projects`, { name: `Faulty ${Date.now()}` });
  const receiver = `faults-${Date.now()}`;
  const hook = await owner.call('POST', `/workspaces/${owner.workspaceId}/projects/${project.body.uid}/integrations`, {
    type: 'webhook',
    name: 'Hook',
    settings: { url: stack.fakes.urls.webhook(receiver) },
  });
  await control('PUT', `/webhooks/${receiver}`, { secret: hook.body.secret }, root);
  const slack = await owner.call('POST', `/workspaces/${owner.workspaceId}/projects/${project.body.uid}/integrations`, {
    type: 'slack',
    name: 'Channel',
    settings: { mode: 'webhook', channel: '#launches' },
    secrets: { webhook_url: stack.fakes.urls.slackWebhook },
  });
  expect([hook.status, slack.status], JSON.stringify(slack.body)).toEqual([201, 201]);
  return { projectId: project.body.uid as string, receiver, integrations: [hook.body.uid as string, slack.body.uid as string] };
};

/** Moves every message of the queue's DLQ back to the queue (what `aws sqs start-message-move-task` does). */
const redrive = async (queueId: string) => {
  const queue = stack.queues.find((q) => q.spec.id === queueId)!;
  const sqs = new SQSClient({ endpoint: stack.env.AWS_ENDPOINT_URL_SQS, region: stack.env.AWS_REGION, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  let moved = 0;
  for (;;) {
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queue.dlqUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
    if (!Messages.length) break;
    await sqs.send(new SendMessageBatchCommand({ QueueUrl: queue.url, Entries: Messages.map((m, i) => ({ Id: String(i), MessageBody: m.Body! })) }));
    await sqs.send(new DeleteMessageBatchCommand({ QueueUrl: queue.dlqUrl, Entries: Messages.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })) }));
    moved += Messages.length;
  }
  sqs.destroy();
  return moved;
};

const logOf = async (taskId: string) => (await owner.call('GET', `/tickets/${taskId}/deliveries`)).body.deliveries as any[];

describe('deliveries under provider faults', () => {
  it('delivers every task to both providers while they fail 50% and time out 10%: 0 lost, duplicates counted', async () => {
    const brand = await setUpBrand();
    for (const fake of ['webhook', 'slack']) await control('PUT', `/failures/${fake}`, { rate: 0.5, status: 500, timeoutRate: 0.1 }, root);
    const taskIds: string[] = [];
    for (let i = 0; i < TASKS; i += 50) {
      const bulk = await owner.call('POST', `/workspaces/${owner.workspaceId}/tickets/bulk`, {
        tickets: Array.from({ length: Math.min(50, TASKS - i) }, (_, n) => ({ summary: `Fault ${i + n}`, project_uid: brand.projectId, integrations: brand.integrations })),
      });
      expect(bulk.status, JSON.stringify(bulk.body)).toBe(201);
      taskIds.push(...bulk.body.map((t: any) => t.uid));
    }
    // Every delivery settles: sent, or out of attempts (parked in the DLQ) after its whole scaled schedule.
    const settled = async () => (await Promise.all(taskIds.map(logOf))).flat();
    await eventually(settled, (all) => all.length === 2 * TASKS && all.every((d) => d.status === 'sent' || d.status === 'exhausted' || d.status === 'failed'), 240_000, 'every delivery settled');
    await control('DELETE', '/failures', undefined, root);
    // The outage is over: what ran out of attempts is redriven from the DLQs and sent.
    const exhausted = (await settled()).filter((d) => d.status === 'exhausted');
    const redriven = (await redrive('integration-webhook')) + (await redrive('integration-slack'));
    expect(redriven).toBe(exhausted.length);
    const all = await eventually(settled, (list) => list.every((d) => d.status === 'sent'), 120_000, 'every delivery sent');

    const attempts = all.reduce((sum, d) => sum + d.attempts, 0);
    const webhook = await control('GET', `/webhooks/${brand.receiver}`, undefined, root);
    const state = await control('GET', '/state.json', undefined, root);
    const slackPerTask = taskIds.map((id) => state.slack.messages.filter((m: any) => m.text.includes(id)).length);
    const lost = { webhook: TASKS - webhook.unique, slack: slackPerTask.filter((n) => n === 0).length };
    const duplicates = { webhook: webhook.duplicates, slack: slackPerTask.reduce((sum, n) => sum + Math.max(0, n - 1), 0) };
    console.log(`[fault test] ${2 * TASKS} deliveries, ${attempts} attempts, ${exhausted.length} exhausted and redriven; lost ${JSON.stringify(lost)}; duplicates ${JSON.stringify(duplicates)}; invalid signatures ${webhook.invalid}`);
    expect(lost).toEqual({ webhook: 0, slack: 0 });
    expect(webhook.invalid).toBe(0);
    expect(attempts).toBeGreaterThan(2 * TASKS);
  }, 420_000);

  it('parks a delivery that runs out of attempts in the DLQ, tells the admins, and sends it after a redrive', async () => {
    const brand = await setUpBrand();
    await control('PUT', '/failures/webhook', { rate: 1, status: 500 }, root);
    const task = await owner.call('POST', `/workspaces/${owner.workspaceId}/tickets`, { summary: 'Outage', project_uid: brand.projectId, integrations: [brand.integrations[0]] });
    const [exhausted] = await eventually(() => logOf(task.body.uid), (log) => log[0]?.status === 'exhausted', 120_000, 'exhausted');
    expect(exhausted.attempts).toBe(8);
    expect(exhausted.attempts_log.map((a: any) => a.http_status)).toEqual(Array(8).fill(500));
    const shown = await owner.call('GET', `/tickets/${task.body.uid}`);
    expect(shown.body.details.integrations[0].success).toBe(false);
    const aboutThis = (list: any[]) => list.filter((x) => x.type === 'delivery_failed' && x.ticket_url.includes(task.body.uid));
    const notifications = await eventually(() => owner.call('GET', '/notifications'), (n) => aboutThis(n.body).length > 0, 10_000, 'notification');
    expect(aboutThis(notifications.body)).toEqual([expect.objectContaining({ title: expect.stringContaining('Hook'), body: expect.stringContaining('8 attempts') })]);

    await control('DELETE', '/failures', undefined, root);
    await eventually(() => redrive('integration-webhook'), (n) => n === 1, 10_000, 'the DLQ message');
    const [sent] = await eventually(() => logOf(task.body.uid), (log) => log[0]?.status === 'sent', 30_000, 'sent after the redrive');
    expect(sent.attempts).toBe(9);
    expect((await owner.call('GET', `/tickets/${task.body.uid}`)).body.details.integrations[0].success).toBe(true);
  }, 180_000);
});
