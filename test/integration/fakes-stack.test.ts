import { describe, expect, inject, it } from 'vitest';

/**
 * The embedded stack's fake providers: started with everything else, reachable by the functions through the
 * outbound allow-list (which names exactly their host:port), with their page and control API on the app's origin.
 */
const stackUrl = inject('stackUrl');
const env = inject('functionEnv');
const control = `${stackUrl}/_local/integrations`;
const fakesOrigin = new URL(env.MONDAY_API_URL!).origin;

describe('fake providers in the local stack', () => {
  it("points every provider API base at the fakes and allows exactly the fakes' host through", () => {
    const host = new URL(fakesOrigin).host;

    expect(env.OUTBOUND_ALLOWLIST).toBe(host);
    for (const name of ['SLACK_API_URL', 'MONDAY_API_URL', 'GOOGLE_API_URL', 'GOOGLE_OAUTH_URL', 'GOOGLE_TOKEN_URL', 'ATLASSIAN_AUTH_URL', 'ATLASSIAN_API_URL', 'INSTAGRAM_OAUTH_URL', 'INSTAGRAM_TOKEN_URL', 'INSTAGRAM_GRAPH_URL']) {
      expect(new URL(env[name]!).host, name).toBe(host);
    }
    expect(new URL(stackUrl).host).not.toBe(host);
    expect(env.GOOGLE_CLIENT_ID && env.ATLASSIAN_CLIENT_SECRET && env.SLACK_CLIENT_ID && env.INSTAGRAM_CLIENT_ID && env.INSTAGRAM_CLIENT_SECRET).toBeTruthy();
  });

  it('serves the page that says what to enter on the integrations page', async () => {
    const page = await fetch(control);

    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('What to enter');
    expect(html).toContain(`${fakesOrigin}/jira`);
    expect(html).toContain('local-jira-api-token');
  });

  it('makes a fake fail on request, records what it received, and heals', async () => {
    await fetch(`${control}/received.json`, { method: 'DELETE' });
    const set = await fetch(`${control}/failures/webhook`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate: 1, status: 503, retryAfter: 9 }) });
    expect(set.status).toBe(200);

    const failed = await fetch(`${fakesOrigin}/webhook/itest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"task.created"}' });
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('9');

    await fetch(`${control}/failures/webhook`, { method: 'DELETE' });
    const healed = await fetch(`${fakesOrigin}/webhook/itest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"task.created"}' });
    expect(healed.status).toBe(204);

    const received = (await (await fetch(`${control}/received.json?fake=webhook`)).json()) as { status: number; injected?: string }[];
    expect(received.map((r) => [r.status, r.injected ?? null])).toEqual([
      [204, null],
      [503, 'failure'],
    ]);
  });

  it('refuses a failure setting it cannot apply, naming what is wrong', async () => {
    const bad = await fetch(`${control}/failures/jira`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate: 2 }) });
    const unknown = await fetch(`${control}/failures/nope`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });

    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^rate /);
    expect(unknown.status).toBe(404);
  });

  it("answers Jira's 401 to a wrong API token and 404 to an unknown project, with Jira's error body", async () => {
    const auth = (token: string) => `Basic ${Buffer.from(`a@b.c:${token}`).toString('base64')}`;

    const wrong = await fetch(`${fakesOrigin}/jira/rest/api/3/myself`, { headers: { authorization: auth('nope') } });
    const missing = await fetch(`${fakesOrigin}/jira/rest/api/3/project/NOPE`, { headers: { authorization: auth('local-jira-api-token') } });

    expect(wrong.status).toBe(401);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ errorMessages: ["No project could be found with key 'NOPE'."], errors: {} });
  });

  it('shows the connected accounts on the page, and its buttons change them and come back to it', async () => {
    const before = await (await fetch(control)).text();
    expect(before).toContain('Instagram: @crumbandco.bakery');
    expect(before).toContain('YouTube: Crumb &amp; Co Bakery');
    expect(before).toContain('Google Drive');
    const posts = (html: string) => Number(/followers · (\d+) posts/.exec(html)?.[1]);

    const clicked = await fetch(`${control}/instagram/media`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'back=1&count=3' });
    expect(clicked.status).toBe(303);
    expect(clicked.headers.get('location')).toBe('/_local/integrations');
    expect(posts(await (await fetch(control)).text())).toBe(posts(before) + 3);

    const wrong = await fetch(`${control}/instagram/media`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"count":0}' });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toMatch(/^count /);
    await fetch(`${control}/instagram/reset`, { method: 'POST' });
  });
});
