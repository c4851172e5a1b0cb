import { performance } from 'node:perf_hooks';
import type { Stack } from '../local/stack';
import { call, countRequests, describeStackCpu, describeRequests, stackCpu, ms, percentile, person, progress, timeIt, type Person } from './bench-support';

/**
 * Integrations: what a task create costs with integrations on (it commits the pending deliveries with the task
 * and never waits for a send), and how soon a burst of new tasks reaches the provider (create → first attempt,
 * through the outbox poller, the queue and the consumer) against the local fakes.
 */
const RUNS = 200;
const BURST = 500;
const BULK = 50;

const integrationsOf = async (stack: Stack, who: Person, workspaceId: string, projectId: string) => {
  const create = (body: Record<string, unknown>) =>
    call(stack, who, 'createIntegration', { params: { workspaceId, projectId }, body: body as never }) as Promise<{ uid: string }>;
  const hook = await create({ type: 'webhook', name: 'Bench hook', settings: { url: stack.fakes.urls.webhook('bench') } });
  const slack = await create({ type: 'slack', name: 'Bench channel', settings: { mode: 'webhook', channel: '#bench' }, secrets: { webhook_url: stack.fakes.urls.slackWebhook } });
  const email = await create({ type: 'email', name: 'Bench desk', settings: { recipients: ['bench-desk@example.com'] } });
  return [hook.uid, slack.uid, email.uid];
};

const line = (label: string, samples: number[]) => `| ${label} | ${samples.length} | ${ms(percentile(samples, 50))} | ${ms(percentile(samples, 99))} |`;

export const integrationsBench = async (stack: Stack) => {
  progress('integrations: task create with 0 and 3 integrations…');
  const who = await person(stack, `bench-integrations-${Date.now()}@example.com`);
  const workspace = await call(stack, who, 'createWorkspace', { body: { name: 'Bench integrations' } });
  const workspaceId = workspace.workspaces.uid;
  const project = await call(stack, who, 'createProject', { params: { workspaceId }, body: { name: 'Bench brand' } as never });
  const three = await integrationsOf(stack, who, workspaceId, project.uid);
  const create = (integrations: string[]) => () =>
    call(stack, who, 'createTask', { params: { workspaceId }, body: { summary: 'Bench task', project_uid: project.uid, integrations } as never });
  const none = await timeIt(create([]), RUNS);
  const withThree = await timeIt(create(three), RUNS);

  progress(`integrations: ${BURST} tasks in a burst, create → first attempt at the fake…`);
  const createdAt = new Map<string, number>();
  // When the create answered: a task exists (and its deliveries are due) from its transaction's commit, and on
  // DynamoDB Local the ten bulk transactions commit one after another.
  const answeredAt = new Map<string, number>();
  const counter = countRequests();
  const cpuBefore = stackCpu(stack);
  const burstStart = performance.now();
  const lags: number[] = [];
  const lagsFromAnswer: number[] = [];
  const pending = new Set<string>();
  // First attempts as the fake received them, read from its own record in this process: the observer sends no
  // request of its own to the stack it measures. Each webhook's body names its task (data.task.id).
  stack.fakes.recorder.clear('webhook');
  const firstAttemptAt = new Map<string, number>();
  const observe = () => {
    for (const record of stack.fakes.recorder.list('webhook')) {
      const uid = (record.body as { data?: { task?: { id?: string } } } | undefined)?.data?.task?.id;
      if (!uid) continue;
      const at = Date.parse(record.at);
      const earlier = firstAttemptAt.get(uid);
      if (earlier === undefined || at < earlier) firstAttemptAt.set(uid, at);
    }
  };
  // Often enough that the fake's record (its last 500 requests) never drops a first attempt unread.
  const observer = setInterval(observe, 50);
  const sent = await counter.during(async () => {
    await Promise.all(
      Array.from({ length: BURST / BULK }, async (_, b) => {
        const tasks = (await call(stack, who, 'bulkCreateTasks', {
          params: { workspaceId },
          body: { tickets: Array.from({ length: BULK }, (_, i) => ({ summary: `Burst ${b * BULK + i}`, project_uid: project.uid, integrations: [three[0]!] })) } as never,
        })) as { uid: string; created_at: string }[];
        const answered = Date.now();
        for (const task of tasks) {
          createdAt.set(task.uid, Date.parse(task.created_at));
          answeredAt.set(task.uid, answered);
        }
      }),
    );
    const until = Date.now() + 120_000;
    for (const uid of createdAt.keys()) pending.add(uid);
    while (pending.size && Date.now() < until) {
      observe();
      for (const uid of pending) {
        const at = firstAttemptAt.get(uid);
        if (at === undefined) continue;
        lags.push(at - createdAt.get(uid)!);
        lagsFromAnswer.push(at - answeredAt.get(uid)!);
        pending.delete(uid);
      }
      if (pending.size) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }).finally(() => clearInterval(observer));
  const burstMs = performance.now() - burstStart;
  const cpu = describeStackCpu(cpuBefore, stackCpu(stack), burstMs / 1000);
  console.log(`\n### Integrations (local stack, fakes)\n\n| measure | n | p50 | p99 |\n|---|---|---|---|`);
  console.log(line('task create, 0 integrations', none));
  console.log(line('task create, 3 integrations (webhook, Slack, email)', withThree));
  console.log(line(`create → first attempt at the fake, ${BURST} tasks in a burst (from the task's created_at)`, lags));
  console.log(line(`create → first attempt at the fake, ${BURST} tasks in a burst (from the create's answer)`, lagsFromAnswer));
  console.log(
    `\n${BURST - pending.size} of ${BURST} burst tasks attempted within ${ms(burstMs)} (goal: p99 under 5 s); ${pending.size} not attempted in 120 s. ` +
      `The ${BURST / BULK} bulk creates of ${BULK} run at once: created_at is stamped as each starts, and on DynamoDB Local they commit one after another. ` +
      `Meanwhile: ${cpu}; ${(sent.length / BURST).toFixed(1)} requests a task: ${describeRequests(sent)} (the stack's own: the bench reads the fake's record in-process).`,
  );
};
