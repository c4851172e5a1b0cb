import { beforeAll, describe, expect, inject, it } from 'vitest';
import { TRY_DAILY_TOKENS, TRY_PER_IP_PER_HOUR } from '#shared/schemas/try';
import { errorCatalogue } from '#shared/errors';
import { api, baseUrl, userWithWorkspace } from './support/api';
import { siteUrl } from './support/generation';
import { METADATA_HOST_URL, redirectTo, SSRF_CORPUS } from './support/ssrf-corpus';
import { freshVisitor, tryFrom } from './support/try';

/**
 * The public try page's route against the embedded stack: no token, the website through the guarded fetcher, the
 * local test model for the voice and the ideas, per source IP limits and the visitors' daily token cap.
 */
const aiRequests = async () => (await (await fetch(`${baseUrl()}/_local/ai/requests`)).json()) as { requests: { messages: { content: string }[] }[] };

describe('POST /try', () => {
  it('drafts a voice and three post ideas from a website, signed out, naming the brand from its title', async () => {
    const answer = await tryFrom(freshVisitor(), { url: `  ${siteUrl()}  ` });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ url: siteUrl(), brand_name: 'Crumb & Co', meta: { local_test_model: true } });
    expect(answer.body.voice.traits.length).toBeGreaterThan(0);
    expect(answer.body.ideas).toHaveLength(3);
    for (const idea of answer.body.ideas) expect(idea).toEqual({ title: expect.any(String), hook: expect.any(String), format: expect.any(String) });
    // The ideas' prompt carries the drafted voice, the voice's prompt the site's text.
    const [voicePrompt, ideasPrompt] = (await aiRequests()).requests.slice(-2).map((r) => r.messages.map((m) => m.content).join('\n'));
    expect(voicePrompt).toContain('Our dough rests for 48 hours');
    expect(ideasPrompt).toContain(`Brand voice "${answer.body.voice.name}"`);
    expect(ideasPrompt).toContain('Brand: Crumb & Co');
  });

  it.each([
    [{}, 'url', 'url is required'],
    [{ url: '' }, 'url', 'url is required'],
    [{ url: 'ftp://crumb.example/' }, 'url', 'url must be a web address (http or https)'],
    [{ url: 'x'.repeat(3000) }, 'url', 'url must be at most 2048 characters'],
  ])('answers 400 naming the field for %j', async (body, field, message) => {
    const answer = await tryFrom(freshVisitor(), body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'bad_request', field, message });
  });

  it.each([...SSRF_CORPUS, METADATA_HOST_URL, redirectTo('http://169.254.169.254/')])('refuses %s with a 400 on url, before any model call', async (url) => {
    const before = (await aiRequests()).requests.length;
    const answer = await tryFrom(freshVisitor(), { url });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.field).toBe('url');
    expect((await aiRequests()).requests.length).toBe(before);
  });

  it('refuses a URL that is not a page with a 400 naming url', async () => {
    const answer = await tryFrom(freshVisitor(), { url: siteUrl('/site/file') });
    expect(answer).toMatchObject({ status: 400, body: { field: 'url', message: expect.stringContaining('not a web page') } });
  });

  it(`lets one source IP try ${TRY_PER_IP_PER_HOUR} times an hour, then answers 429 try_rate_limited (another IP still can)`, async () => {
    const visitor = freshVisitor();
    // Refused attempts count too (each one is fetched); a forged X-Forwarded-For does not make another visitor.
    for (let attempt = 0; attempt < TRY_PER_IP_PER_HOUR; attempt++) {
      const answer = await tryFrom(visitor, { url: attempt === 0 ? siteUrl() : siteUrl('/site/file') }, { 'x-forwarded-for': `203.0.113.${attempt}` });
      expect(answer.status).not.toBe(429);
    }
    const refused = await tryFrom(visitor, { url: siteUrl() }, { 'x-forwarded-for': '203.0.113.99' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'try_rate_limited', message: errorCatalogue.try_rate_limited.message });
    expect((await tryFrom(freshVisitor(), { url: siteUrl() })).status).toBe(200);
  });
});

describe('the visitors’ daily cap', () => {
  beforeAll(() => {
    Object.assign(process.env, inject('functionEnv'));
  });

  it('answers 429 try_daily_limit once the day’s tokens are spent, before any model call, and nothing counts for the visitor', async () => {
    const { reserveMonthTokens, getMonthUsage, adjustMonthTokens } = await import('#data/ai');
    const { TRY_BUDGET_KEY, tryDay } = await import('../../functions/http/wiring/try');
    const day = tryDay(new Date());
    const used = (await getMonthUsage(TRY_BUDGET_KEY, day)).tokens;
    // Spend what is left of today's budget, as many visitors would have.
    expect(await reserveMonthTokens(TRY_BUDGET_KEY, day, TRY_DAILY_TOKENS - used, TRY_DAILY_TOKENS, new Date())).toBe(true);
    try {
      const before = (await aiRequests()).requests.length;
      const answer = await tryFrom(freshVisitor(), { url: siteUrl() });
      expect(answer.status).toBe(429);
      expect(answer.body).toEqual({ code: 'try_daily_limit', message: errorCatalogue.try_daily_limit.message });
      expect((await aiRequests()).requests.length).toBe(before);
      expect((await getMonthUsage(TRY_BUDGET_KEY, day)).tokens).toBe(TRY_DAILY_TOKENS);
    } finally {
      // Give the day back so the rest of the run can try.
      await adjustMonthTokens(TRY_BUDGET_KEY, day, -(TRY_DAILY_TOKENS - used));
    }
    expect((await tryFrom(freshVisitor(), { url: siteUrl() })).status).toBe(200);
  });
});

describe('the onboarding checklist’s own facts', () => {
  it('starts empty, keeps each flag apart per user, and refuses a body that changes nothing', async () => {
    const [ana, ben] = await Promise.all([userWithWorkspace('onboarding-ana'), userWithWorkspace('onboarding-ben')]);
    expect((await api('GET', '/me/onboarding', { token: ana.token })).body).toEqual({ dismissed: false, extension_installed: false });
    expect((await api('PATCH', '/me/onboarding', { token: ana.token, body: { extension_installed: true } })).body).toEqual({ dismissed: false, extension_installed: true });
    expect((await api('PATCH', '/me/onboarding', { token: ana.token, body: { dismissed: true } })).body).toEqual({ dismissed: true, extension_installed: true });
    // A profile name saved later keeps the flags (one item, fields written apart).
    expect((await api('PATCH', '/me', { token: ana.token, body: { name: 'Ana' } })).status).toBe(200);
    expect((await api('GET', '/me/onboarding', { token: ana.token })).body).toEqual({ dismissed: true, extension_installed: true });
    expect((await api('PATCH', '/me/onboarding', { token: ana.token, body: { dismissed: false } })).body).toEqual({ dismissed: false, extension_installed: true });
    expect((await api('GET', '/me/onboarding', { token: ben.token })).body).toEqual({ dismissed: false, extension_installed: false });
    const empty = await api('PATCH', '/me/onboarding', { token: ben.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ field: 'dismissed', message: 'dismissed must change dismissed or extension_installed' });
    expect((await api('GET', '/me/onboarding')).status).toBe(401);
  }, 60_000);
});
