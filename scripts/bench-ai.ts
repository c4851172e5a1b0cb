import { performance } from 'node:perf_hooks';
import { createOpenAiProvider } from '#lib/ai/openai-adapter';
import { startStack } from '../local/stack';
import { call, ms, percentile, person, progress } from './bench-support';

const REQUESTS = Number(process.env.BENCH_AI_REQUESTS ?? 200);
const JOBS = Number(process.env.BENCH_AI_JOBS ?? 30);

const row = (label: string, samples: number[]) => `| ${label} | ${ms(percentile(samples, 50))} | ${ms(percentile(samples, 99))} |`;

/**
 * Generation overhead against the local emulator: what our side adds beyond the provider's own time.
 * - inline: POST …/ai/prompts/post-ideas/run (gateway, JWT, membership, rate slot and budget reservation as two
 *   conditional writes, the call, the usage correction): client time minus the provider latency the answer reports;
 * - the same chat call made straight to the emulator through the adapter (the provider alone, for scale);
 * - jobs: enqueue → done as the SPA's poll sees it, minus the job's provider time (queue hand-off, claim, progress
 *   and finish writes, polling granularity included).
 * Its own stack, with the rate limit and budget lifted so the bench measures them, not hits them.
 */
export const aiBench = async () => {
  progress('AI generation overhead: starting a stack with the limits lifted…');
  const stack = await startStack({ port: 0, seed: false, outbox: false, ai: { requestsPerMinute: 1_000_000, monthlyTokens: { FREE: 1_000_000_000 } } });
  try {
    const who = await person(stack, `bench-ai-${Date.now()}@example.com`);
    const workspaceId = (await call(stack, who, 'createWorkspace', { body: { name: 'Bench AI' } })).workspaces.uid;
    const body = { variables: { topic: 'Behind the scenes of our spring collection', audience: 'Young professionals' } };

    progress(`inline runs (${REQUESTS})…`);
    const total: number[] = [];
    const provider: number[] = [];
    const overhead: number[] = [];
    for (let i = 0; i < REQUESTS + 20; i++) {
      const started = performance.now();
      const run = await call(stack, who, 'runPrompt', { params: { workspaceId, promptId: 'post-ideas' }, body });
      const elapsed = performance.now() - started;
      if (i < 20) continue;
      total.push(elapsed);
      provider.push(run.latency_ms);
      overhead.push(elapsed - run.latency_ms);
    }

    progress('the provider alone…');
    const client = await createOpenAiProvider({ provider: 'local', model: stack.env.AI_MODEL, baseUrl: stack.env.AI_BASE_URL, timeoutMs: 30_000 }, stack.env.AI_API_KEY);
    const rendered = await call(stack, who, 'renderPrompt', { params: { workspaceId, promptId: 'post-ideas' }, body });
    const direct: number[] = [];
    for (let i = 0; i < REQUESTS + 20; i++) {
      const started = performance.now();
      await client.complete({ messages: rendered.messages });
      if (i >= 20) direct.push(performance.now() - started);
    }

    progress(`jobs (${JOBS})…`);
    Object.assign(process.env, stack.env);
    await import('#core/ai/catalogue');
    const { enqueueAiJob } = await import('#lib/ai/jobs');
    const jobTotal: number[] = [];
    const jobOverhead: number[] = [];
    for (let i = 0; i < JOBS; i++) {
      const started = performance.now();
      const { job_id } = await enqueueAiJob({ workspaceId, userId: who.uid }, 'post-ideas', body.variables);
      for (;;) {
        const job = await call(stack, who, 'getAiJob', { params: { workspaceId, jobId: job_id } });
        if (job.status === 'done' || job.status === 'failed') {
          if (job.status === 'failed') throw new Error(`bench job failed: ${job.error?.code}`);
          const elapsed = performance.now() - started;
          jobTotal.push(elapsed);
          jobOverhead.push(elapsed - job.provider_ms);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    console.log(`\n## AI generation overhead against the local emulator (${REQUESTS} sequential inline runs after 20 warm-up, ${JOBS} jobs)\n`);
    console.log('| | p50 | p99 |\n|---|---|---|');
    console.log(row('inline run, client time (POST …/ai/prompts/post-ideas/run)', total));
    console.log(row('  of which the provider (latency the answer reports)', provider));
    console.log(row('  **our overhead** (client time − provider latency)', overhead));
    console.log(row('the same chat call straight to the emulator (the adapter alone)', direct));
    console.log(row('job, enqueue → done seen by a 50 ms poll', jobTotal));
    console.log(row('  **job overhead** (− the job’s provider time)', jobOverhead));
  } finally {
    await stack.stop();
  }
};
