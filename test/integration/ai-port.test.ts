import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, userWithWorkspace } from './support/api';
import { joinWorkspace, userIdOf, type TeamUser } from './support/team';
import { ownUser } from './support/own-stack';
import { startStack, type Stack } from '../../local/stack';
import { aiFaultMarker } from '../../local/ai-emulator';
import { HEALTH_PARTS } from '#shared/schemas/ai';

type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;

const prompts = (workspaceId: string) => `/workspaces/${workspaceId}/ai/prompts`;

/** Polls a job until it is finished (done or failed), as the SPA's hook does. */
const finished = async (token: string, workspaceId: string, jobId: string, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await api('GET', `/workspaces/${workspaceId}/ai-jobs/${jobId}`, { token });
    if (answer.status !== 200 || ['done', 'failed'].includes(answer.body.status) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('AI provider port on the embedded stack', () => {
  let owner: Owner;
  let member: TeamUser;
  let enqueueAiJob: typeof import('#lib/ai/jobs').enqueueAiJob;

  beforeAll(async () => {
    owner = await userWithWorkspace('ada', 'Ada generates');
    member = await joinWorkspace(owner, owner.workspaceId, 'member', 'max');
    // The test enqueues through the same code a route does, with the stack's environment (table, queue URLs).
    Object.assign(process.env, inject('functionEnv'));
    await import('#core/ai/catalogue');
    ({ enqueueAiJob } = await import('#lib/ai/jobs'));
  }, 120_000);

  describe('jobs', () => {
    it('run on the queue: queued, then done with the result, tokens and the local test model named', async () => {
      const started = await enqueueAiJob({ workspaceId: owner.workspaceId, userId: userIdOf(owner.token) }, 'post-ideas', {
        topic: 'Autumn menu at a ramen bar',
        audience: 'Students near the campus',
      });
      expect(started.status).toBe('queued');

      const job = await finished(owner.token, owner.workspaceId, started.job_id);

      expect(job.status).toBe(200);
      expect(job.body).toMatchObject({ job_id: started.job_id, feature: 'post-ideas', status: 'done', progress: 100, error: null, local_test_model: true, model: 'brandslate-local-test-model' });
      expect(job.body.result.ideas).toHaveLength(3);
      expect(JSON.stringify(job.body.result)).toMatch(/ramen|Autumn|campus|Students/i);
      expect(job.body.tokens_in).toBeGreaterThan(0);
      expect(job.body.tokens_out).toBeGreaterThan(0);
      expect(Date.parse(job.body.finished_at)).toBeGreaterThanOrEqual(Date.parse(job.body.started_at));
    });

    it('fail with the catalogue error when the model answers badly twice, with what the attempts spent', async () => {
      // The fault rides in this prompt (the stack is shared with other suites running at once: a queued fault could go to their calls).
      const started = await enqueueAiJob({ workspaceId: owner.workspaceId, userId: userIdOf(owner.token) }, 'post-ideas', { topic: `x ${aiFaultMarker('malformed')}`, audience: 'y' });

      const job = await finished(owner.token, owner.workspaceId, started.job_id);

      expect(job.body).toMatchObject({ status: 'failed', result: null, error: { code: 'ai_bad_output' } });
      expect(job.body.error.message).toMatch(/did not give a usable answer/);
      expect(job.body.tokens_out).toBeGreaterThan(0);
    });

    it('are read only by who started them (or an admin); others get 404, no token 401', async () => {
      const started = await enqueueAiJob({ workspaceId: owner.workspaceId, userId: userIdOf(owner.token) }, 'post-ideas', { topic: 'a', audience: 'b' });
      const path = `/workspaces/${owner.workspaceId}/ai-jobs/${started.job_id}`;

      expect((await api('GET', path, { token: member.token })).body).toMatchObject({ code: 'ai_job_not_found' });
      expect((await api('GET', path)).status).toBe(401);
      expect((await api('GET', `/workspaces/${owner.workspaceId}/ai-jobs/nope`, { token: owner.token })).status).toBe(404);
      expect((await api('GET', `/workspaces/${owner.workspaceId}/ai-jobs/${'x'.repeat(65)}`, { token: owner.token })).body).toMatchObject({ code: 'bad_request', field: 'jobId' });
    });
  });

  describe('prompt playground', () => {
    it('lists, renders and runs a template for an admin: rendered prompt, raw answer, schema check, tokens and latency', async () => {
      const listed = await api('GET', prompts(owner.workspaceId), { token: owner.token });
      expect(listed.status).toBe(200);
      expect(listed.body.prompts.map((prompt: { id: string }) => prompt.id)).toEqual(expect.arrayContaining(['free-prompt', 'post-ideas']));

      const rendered = await api('POST', `${prompts(owner.workspaceId)}/post-ideas/render`, { token: owner.token, body: { variables: { topic: 'Vinyl night', audience: 'Collectors' } } });
      expect(rendered.status).toBe(200);
      expect(rendered.body.messages.at(-1).content).toContain('Vinyl night');

      const edited = [...rendered.body.messages.slice(0, -1), { role: 'user', content: 'Topic: Jazz brunch\nAudience: Families\nGive three post ideas.' }];
      const run = await api('POST', `${prompts(owner.workspaceId)}/post-ideas/run`, { token: owner.token, body: { messages: edited } });

      expect(run.status).toBe(200);
      expect(run.body).toMatchObject({ messages: edited, schema_check: { valid: true, problem: null }, provider: 'local', local_test_model: true });
      expect(JSON.parse(run.body.raw).ideas).toHaveLength(3);
      expect(run.body.raw).toMatch(/Jazz|brunch|Families/);
      expect(run.body.tokens_in).toBeGreaterThan(0);
      expect(run.body.tokens_out).toBeGreaterThan(0);
      expect(run.body.latency_ms).toBeGreaterThanOrEqual(0);
    });

    it('shows an answer that does not fit the schema as such, without retrying', async () => {
      const run = await api('POST', `${prompts(owner.workspaceId)}/post-ideas/run`, { token: owner.token, body: { variables: { topic: `a ${aiFaultMarker('off-schema')}` } } });
      expect(run.status).toBe(200);
      expect(run.body.schema_check.valid).toBe(false);
      expect(run.body.schema_check.problem).toMatch(/ideas/);
    });

    it('is for workspace admins only: a member gets 403 on every playground route', async () => {
      for (const [method, path] of [
        ['GET', prompts(owner.workspaceId)],
        ['POST', `${prompts(owner.workspaceId)}/free-prompt/render`],
        ['POST', `${prompts(owner.workspaceId)}/free-prompt/run`],
      ] as const) {
        expect((await api(method, path, { token: member.token, body: method === 'POST' ? {} : undefined })).status, `${method} ${path}`).toBe(403);
      }
    });

    it('answers 404 for an unknown template and 400 naming the field for a bad body', async () => {
      expect((await api('POST', `${prompts(owner.workspaceId)}/no-such-prompt/run`, { token: owner.token, body: {} })).body).toMatchObject({ code: 'ai_prompt_not_found' });
      // A brand that is not the workspace's is refused, whether the prompt is rendered or sent as edited.
      const stranger = await userWithWorkspace('eve', 'Eve elsewhere');
      const theirs = await api('POST', `/workspaces/${stranger.workspaceId}/projects`, { token: stranger.token, body: { name: 'Eve brand' } });
      for (const body of [{ project_id: theirs.body.uid }, { project_id: theirs.body.uid, messages: [{ role: 'user', content: 'hi' }] }]) {
        expect((await api('POST', `${prompts(owner.workspaceId)}/free-prompt/run`, { token: owner.token, body })).body).toMatchObject({ code: 'project_not_found', field: 'project_id' });
      }
      const empty = await api('POST', `${prompts(owner.workspaceId)}/free-prompt/run`, { token: owner.token, body: { messages: [] } });
      expect(empty).toMatchObject({ status: 400, body: { field: 'messages' } });
      const role = await api('POST', `${prompts(owner.workspaceId)}/free-prompt/run`, { token: owner.token, body: { messages: [{ role: 'tool', content: 'x' }] } });
      expect(role).toMatchObject({ status: 400, body: { field: 'messages.0.role' } });
    });
  });

  describe('/kitchen-sync', () => {
    it('answers without a token: build, config and every part healthy', async () => {
      const page = await api('GET', '/kitchen-sync');

      expect(page.status).toBe(200);
      expect(page.body.build.commit).not.toBe('');
      expect(page.body.config).toMatchObject({ stage: 'local', ai: { provider: 'local', model: 'brandslate-local-test-model', local_test_model: true } });
      expect(page.body.health.map((check: { part: string }) => check.part).sort()).toEqual([...HEALTH_PARTS].sort());
      for (const check of page.body.health) expect(check, check.part).toMatchObject({ ok: true });
    });

    it('never holds a secret of the stack', async () => {
      const env = inject('functionEnv');
      const text = JSON.stringify((await api('GET', '/kitchen-sync')).body);
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'AI_API_KEY', 'SECRETS_LOCAL_KEY', 'AWS_SECRET_ACCESS_KEY', 'GOOGLE_CLIENT_SECRET']) {
        expect(env[name], name).toBeTruthy();
        expect(text.includes(env[name]), name).toBe(false);
      }
    });
  });
});

describe('AI limits and failures on a stack with small limits', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ port: 0, seed: false, outbox: false, ai: { requestsPerMinute: 3, monthlyTokens: { FREE: 2_000 }, timeoutMs: 1_000, slowMs: 5_000 } });
  }, 120_000);
  afterAll(async () => stack?.stop());

  it('answers 504 ai_timeout when the provider does not answer in time', async () => {
    const admin = await ownUser(stack, 'tim');
    stack.ai.injectFaults('slow');
    const run = await admin.call('POST', `/workspaces/${admin.workspaceId}/ai/prompts/free-prompt/run`, { variables: { message: 'hello' } });
    expect(run).toMatchObject({ status: 504, body: { code: 'ai_timeout' } });
    expect(run.body.message).toMatch(/took too long/);
  });

  it("answers 429 ai_budget_exhausted once the month's tokens are spent, and the reservation of a refused run is not kept", async () => {
    const admin = await ownUser(stack, 'bud');
    const run = (content: string) => admin.call('POST', `/workspaces/${admin.workspaceId}/ai/prompts/free-prompt/run`, { messages: [{ role: 'user', content }] });
    // ≈1,500 tokens are reserved for the answer: a 2,000-token month takes one run, not a second.
    expect((await run('short')).status).toBe(200);
    const refused = await run('x'.repeat(4_000));
    expect(refused).toMatchObject({ status: 429, body: { code: 'ai_budget_exhausted' } });
    expect(refused.body.message).toMatch(/budget for this month/);
  });

  it('answers 429 ai_rate_limited past the per-minute rate of the workspace', async () => {
    const admin = await ownUser(stack, 'rat');
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) {
      const answer = await admin.call('POST', `/workspaces/${admin.workspaceId}/ai/prompts/free-prompt/render`, {});
      expect(answer.status).toBe(200);
      statuses.push((await admin.call('POST', `/workspaces/${admin.workspaceId}/ai/prompts/free-prompt/run`, { messages: [{ role: 'user', content: 'hi' }] })).status);
    }
    // The minute may turn during the loop; at most three runs fit one minute and a fourth is refused unless it did.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(3);
    const last = await admin.call('POST', `/workspaces/${admin.workspaceId}/ai/prompts/free-prompt/run`, { messages: [{ role: 'user', content: 'hi' }] });
    expect(statuses.includes(429) || last.status === 429).toBe(true);
  });
});
