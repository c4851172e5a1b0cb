import { expect, inject } from 'vitest';
import type { RouteName } from '#shared/routes';
import { api } from '../support/api';
import { userIdOf } from '../support/team';
import { ws, type Case, type World } from '../support/route-case';

/** A finished job of Alice's, started through the code a generation route uses (with the stack's environment). */
const aliceJob = async (w: World) => {
  Object.assign(process.env, inject('functionEnv'));
  await import('#core/ai/catalogue');
  const { enqueueAiJob } = await import('#lib/ai/jobs');
  const { job_id } = await enqueueAiJob({ workspaceId: w.alice.workspaceId, userId: userIdOf(w.alice.token) }, 'post-ideas', { topic: 'Tea', audience: 'Night owls' });
  for (let tries = 0; tries < 100; tries++) {
    const answer = await api('GET', `${ws(w)}/ai-jobs/${job_id}`, { token: w.alice.token });
    if (answer.body?.status === 'done' || answer.body?.status === 'failed') return answer;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return api('GET', `${ws(w)}/ai-jobs/${job_id}`, { token: w.alice.token });
};

/** The AI provider port's routes: generation jobs, the prompt playground and the developer page. */
export const aiCases = {
  getAiJob: {
    happy: aliceJob,
    expectHappy: ({ body }) => expect(body).toMatchObject({ feature: 'post-ideas', status: 'done', local_test_model: true, error: null }),
    bad: { call: (w) => api('GET', `${ws(w)}/ai-jobs/not!an!id`, { token: w.alice.token }), field: 'jobId' },
    foreign: (w) => api('GET', `${ws(w)}/ai-jobs/abc123`, { token: w.mallory.token }),
  },
  listPromptTemplates: {
    happy: (w) => api('GET', `${ws(w)}/ai/prompts`, { token: w.alice.token }),
    expectHappy: ({ body }) => expect(body.prompts).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'free-prompt', uses_brand: false, structured: false })])),
    foreign: (w) => api('GET', `${ws(w)}/ai/prompts`, { token: w.mallory.token }),
  },
  renderPrompt: {
    happy: (w) => api('POST', `${ws(w)}/ai/prompts/free-prompt/render`, { token: w.alice.token, body: { variables: { message: 'Three reel ideas' } } }),
    expectHappy: ({ body }) => expect(body.messages).toEqual([{ role: 'user', content: 'Three reel ideas' }]),
    bad: { call: (w) => api('POST', `${ws(w)}/ai/prompts/free-prompt/render`, { token: w.alice.token, body: { variables: { message: 'x'.repeat(5001) } } }), field: 'variables.message' },
    foreign: (w) => api('POST', `${ws(w)}/ai/prompts/free-prompt/render`, { token: w.mallory.token, body: {} }),
  },
  runPrompt: {
    happy: (w) => api('POST', `${ws(w)}/ai/prompts/free-prompt/run`, { token: w.alice.token, body: { variables: { message: 'A caption for a rainy Monday' } } }),
    expectHappy: ({ body }) => {
      expect(body).toMatchObject({ provider: 'local', local_test_model: true, schema_check: null });
      expect(body.raw).toMatch(/rainy|Monday|caption/i);
    },
    bad: { call: (w) => api('POST', `${ws(w)}/ai/prompts/free-prompt/run`, { token: w.alice.token, body: { messages: [{ role: 'user', content: '' }] } }), field: 'messages.0.content' },
    foreign: (w) => api('POST', `${ws(w)}/ai/prompts/free-prompt/run`, { token: w.mallory.token, body: {} }),
  },
  getKitchenSync: {
    happy: () => api('GET', '/kitchen-sync'),
    expectHappy: ({ body }) => expect(body.health.every((check: { ok: boolean }) => check.ok)).toBe(true),
  },
} satisfies Partial<Record<RouteName, Case>>;
