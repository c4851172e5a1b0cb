import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiFaultMarker } from '../../local/ai-emulator';
import { startStack, type Stack } from '../../local/stack';
import { api, baseUrl, userWithWorkspace } from './support/api';
import { brandWithPost, siteUrl } from './support/generation';
import { METADATA_HOST_URL, redirectTo, SSRF_CORPUS } from './support/ssrf-corpus';
import { ownUser } from './support/own-stack';

/**
 * AI generation end to end against the embedded stack's local test model: the website fetch refuses every
 * non-public target (the SSRF corpus), a model that fails leaves nothing half-saved with a clear error, the
 * field's feedback reaches the next prompt, and the brand's minimum brand-fit score guards Needs approval.
 */
let owner: Awaited<ReturnType<typeof userWithWorkspace>>;

beforeAll(async () => {
  owner = await userWithWorkspace('generation');
}, 60_000);

const aiRequests = async () => (await (await fetch(`${baseUrl()}/_local/ai/requests`)).json()) as { requests: { messages: { content: string }[] }[] };

describe('brand voice from a website', () => {
  it('reads the site through the guard and drafts a voice from its text, without navigation or scripts', async () => {
    const { ai } = await brandWithPost(owner);
    const answer = await api('POST', `${ai}/brand-voice`, { token: owner.token, body: { source: 'website', url: siteUrl() } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const prompt = (await aiRequests()).requests.at(-1)!.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('Our dough rests for 48 hours');
    expect(prompt).not.toContain('window.analytics');
  });

  // Every form of a non-public target (a metadata host name too: 400 whether refused or unresolved).
  const corpus = [...SSRF_CORPUS, METADATA_HOST_URL];

  it.each(corpus)('refuses %s with a 400 naming the url, before any model call', async (url) => {
    const { ai } = await brandWithPost(owner);
    const before = (await aiRequests()).requests.length;
    const answer = await api('POST', `${ai}/brand-voice`, { token: owner.token, body: { source: 'website', url } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.field).toBe('url');
    expect((await aiRequests()).requests.length).toBe(before);
  });

  it('refuses a redirect from a public page to a private address, and a URL that is not a page', async () => {
    const { ai } = await brandWithPost(owner);
    const redirect = await api('POST', `${ai}/brand-voice`, { token: owner.token, body: { source: 'website', url: redirectTo('http://169.254.169.254/') } });
    expect(redirect.status).toBe(400);
    expect(redirect.body).toMatchObject({ field: 'url', message: expect.stringContaining('not a public address') });
    const file = await api('POST', `${ai}/brand-voice`, { token: owner.token, body: { source: 'website', url: siteUrl('/site/file') } });
    expect(file.body).toMatchObject({ field: 'url', message: expect.stringContaining('not a web page') });
  });

  it('takes up to 4 posts of a social account', async () => {
    const { ai } = await brandWithPost(owner);
    const four = await api('POST', `${ai}/brand-voice`, { token: owner.token, body: { source: 'social', handle: 'crumbandco', posts: ['One', 'Two', 'Three', 'Four'] } });
    expect(four.status).toBe(200);
    expect(four.body.draft.source).toEqual({ kind: 'social', handle: '@crumbandco' });
    const five = await api('POST', `${ai}/brand-voice`, { token: owner.token, body: { source: 'social', handle: 'crumbandco', posts: ['1', '2', '3', '4', '5'] } });
    expect(five.status).toBe(400);
    expect(five.body).toMatchObject({ field: 'posts', message: 'posts must have at most 4 posts' });
  });
});

describe('blog posts and scripts as jobs', () => {
  const finished = async (jobId: string) => {
    for (let attempt = 0; attempt < 60; attempt++) {
      const job = await api('GET', `/workspaces/${owner.workspaceId}/ai-jobs/${jobId}`, { token: owner.token });
      if (job.body.status === 'done' || job.body.status === 'failed') return job.body;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`job ${jobId} did not finish`);
  };

  it.each(['blog-posts', 'scripts'])('%s: the job ends with the text, its brand fit and how it was made', async (path) => {
    const { ai } = await brandWithPost(owner, { off_brand: { rules: [], terms: ['cheap'] }, content_pillars: [{ name: 'Education', description: 'How bread works' }] });
    const started = await api('POST', `${ai}/${path}`, { token: owner.token, body: { topic: 'Keeping sourdough fresh', pillar: 'Education' } });
    expect(started.status).toBe(201);
    const job = await finished(started.body.job_id);
    expect(job.status, JSON.stringify(job.error)).toBe('done');
    expect(job.result).toMatchObject({
      feature: path === 'blog-posts' ? 'blog_post' : 'script',
      title: expect.any(String),
      text: expect.any(String),
      brand_fit: { score: expect.any(Number), rules: expect.arrayContaining([expect.objectContaining({ kind: 'off_brand_terms' })]) },
      meta: { local_test_model: true },
    });
  });

  it('a script the model cannot write fails the job with the script failure text', async () => {
    const { ai } = await brandWithPost(owner);
    const started = await api('POST', `${ai}/scripts`, { token: owner.token, body: { topic: `Bread ${aiFaultMarker('malformed')}` } });
    const job = await finished(started.body.job_id);
    expect(job).toMatchObject({ status: 'failed', error: { code: 'script_extraction_failed' } });
  });
});

describe('a model that fails', () => {
  it('malformed JSON twice: a clear error, and the task keeps its hooks', async () => {
    const { ai, taskId } = await brandWithPost(owner, {}, { hook: 'Original hook' });
    const answer = await api('POST', `${ai}/tasks/${taskId}/hooks`, { token: owner.token, body: { topic: `Bread ${aiFaultMarker('malformed')}` } });
    expect(answer.status).toBe(502);
    expect(answer.body.code).toBe('ai_bad_output');
    const task = await api('GET', `/tickets/${taskId}`, { token: owner.token });
    expect(task.body).toMatchObject({ hook: 'Original hook', hook_variations: [] });
  });

  it('malformed once: the retry succeeds', async () => {
    const { ai, taskId } = await brandWithPost(owner);
    const answer = await api('POST', `${ai}/tasks/${taskId}/hooks`, { token: owner.token, body: { topic: `Bread ${aiFaultMarker('malformed', true)}` } });
    expect(answer.status).toBe(200);
    expect(answer.body.hook_variations).toHaveLength(3);
  });

  it('scene extraction that fails says so in its own words', async () => {
    const { ai } = await brandWithPost(owner);
    const answer = await api('POST', `${ai}/scenes`, { token: owner.token, body: { script: `Hook. ${aiFaultMarker('off-schema')}` } });
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ code: 'scene_extraction_failed', message: 'We could not extract scenes from this script. Nothing was saved; try again in a moment.' });
  });
});

describe('feedback', () => {
  it('is fed into the next generation of the same field, and not into another field', async () => {
    const { ai, projectId, taskId } = await brandWithPost(owner);
    const saved = await api('POST', `/projects/${projectId}/feedback/hook`, { token: owner.token, body: { content: 'Shorter, no questions', rating: 'down' } });
    expect(saved.status).toBe(201);
    await api('POST', `${ai}/tasks/${taskId}/hooks`, { token: owner.token, body: {} });
    const hooksPrompt = (await aiRequests()).requests.find((r) => r.messages.some((m) => m.content.includes('opening hook') && m.content.includes('Shorter, no questions')));
    expect(hooksPrompt).toBeDefined();
    await api('POST', `${ai}/scenes`, { token: owner.token, body: { script: 'A script for feedback isolation' } });
    const scenesPrompt = (await aiRequests()).requests.findLast((r) => r.messages.some((m) => m.content.includes('A script for feedback isolation')))!;
    expect(scenesPrompt.messages.map((m) => m.content).join('\n')).not.toContain('Shorter, no questions');
  });
});

describe('the minimum brand-fit score', () => {
  const move = (taskId: string, status: string) => api('PATCH', `/tickets/${taskId}`, { token: owner.token, body: { status } });

  it('blocks Needs approval until a current check reaches it', async () => {
    const { ai, taskId } = await brandWithPost(owner, { off_brand: { rules: [], terms: ['cheap'] }, brand_fit_min_score: 70 }, { caption: 'The cheap loaf.' });

    expect((await move(taskId, 'needs_approval')).body).toMatchObject({ code: 'brand_fit_check_required', field: 'status' });

    const failing = await api('POST', `${ai}/tasks/${taskId}/brand-fit`, { token: owner.token });
    expect(failing.body.brand_fit).toMatchObject({ score: 40, meets_min: false, min_score: 70 });
    expect((await move(taskId, 'needs_approval')).body).toMatchObject({ code: 'brand_fit_below_minimum' });

    await api('PATCH', `/tickets/${taskId}`, { token: owner.token, body: { caption: 'The slow loaf.' } });
    expect((await api('GET', `${ai}/tasks/${taskId}/brand-fit`, { token: owner.token })).body.stale).toBe(true);
    expect((await move(taskId, 'needs_approval')).body).toMatchObject({ code: 'brand_fit_check_stale' });

    const passing = await api('POST', `${ai}/tasks/${taskId}/brand-fit`, { token: owner.token });
    expect(passing.body.brand_fit).toMatchObject({ score: 100, meets_min: true });
    const moved = await move(taskId, 'needs_approval');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.status).toBe('needs_approval');
  });

  it('refuses a bulk move naming the row, and lets a brand without a minimum through', async () => {
    const gated = await brandWithPost(owner, { brand_fit_min_score: 50 }, { caption: 'Hello' });
    const bulk = await api('POST', `/workspaces/${owner.workspaceId}/tickets/bulk-update`, { token: owner.token, body: { ids: [gated.taskId], changes: { status: 'needs_approval' } } });
    expect(bulk.status).toBe(409);
    expect(bulk.body).toMatchObject({ code: 'brand_fit_check_required', field: 'ids.0' });
    const free = await brandWithPost(owner, {}, { caption: 'Hello' });
    expect((await move(free.taskId, 'needs_approval')).status).toBe(200);
  });
});

describe('a provider that times out', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ ai: { timeoutMs: 1_000, slowMs: 5_000 } });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('answers ai_timeout and writes nothing', async () => {
    const user = await ownUser(stack, 'timeout');
    const project = await user.call('POST', `/workspaces/${user.workspaceId}/projects`, { name: 'Slow brand' });
    const task = await user.call('POST', `/workspaces/${user.workspaceId}/tickets`, { summary: 'Slow', project_uid: project.body.uid, ticket_type: 'post', hook: 'Kept' });
    const answer = await user.call('POST', `/workspaces/${user.workspaceId}/projects/${project.body.uid}/ai/tasks/${task.body.uid}/hooks`, { topic: `x ${aiFaultMarker('slow')}` });
    expect(answer.status).toBe(504);
    expect(answer.body.code).toBe('ai_timeout');
    expect((await user.call('GET', `/tickets/${task.body.uid}`)).body.hook).toBe('Kept');
  }, 30_000);
});
