import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFailures, validateFailureSpec } from '../../local/fakes/core';
import { startFakeProviders } from '../../local/fakes/server';

describe('the fake providers themselves', () => {
  it('keeps OAuth connections across a restart with the same key, and only with it', async () => {
    const key = randomBytes(32);
    const first = await startFakeProviders({ key });
    const tokens = first.oauth.google.mint('calendar');
    const clients = first.oauthClients;
    await first.stop();

    const again = await startFakeProviders({ key });
    const other = await startFakeProviders({ key: randomBytes(32) });
    const calendarList = (fakes: typeof again) => fetch(`${fakes.url}/calendar/v3/users/me/calendarList`, { headers: { authorization: `Bearer ${tokens.access_token}` } });

    expect(again.oauthClients).toEqual(clients);
    expect((await calendarList(again)).status).toBe(200);
    expect((await calendarList(other)).status).toBe(401);
    await again.stop();
    await other.stop();
  });

  it("rotates Atlassian's refresh tokens: a used one is refused", async () => {
    const fakes = await startFakeProviders();
    const { clientId, clientSecret } = fakes.oauthClients.atlassian;
    const { refresh_token } = fakes.oauth.atlassian.mint('read:jira-work');
    const refresh = (token: string) =>
      fetch(`${fakes.url}/atlassian/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'refresh_token', client_id: clientId, client_secret: clientSecret, refresh_token: token }) });

    const first = await refresh(refresh_token!);
    const reused = await refresh(refresh_token!);

    expect(first.status).toBe(200);
    expect(((await first.json()) as { refresh_token: string }).refresh_token).not.toBe(refresh_token);
    expect(reused.status).toBe(403);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
    await fakes.stop();
  });

  it('fails the next N requests when told `times`, then heals', () => {
    const failures = createFailures(() => 0.5);
    failures.set('slack', { rate: 1, status: 500, times: 2 });

    expect([1, 2, 3].map(() => failures.draw('slack').outcome)).toEqual(['failure', 'failure', 'pass']);
  });

  it('draws timeouts first, then failures among the rest', () => {
    const rolls = [0.05, 0.5, 0.9];
    const failures = createFailures(() => rolls.shift()!);
    failures.set('webhook', { timeoutRate: 0.1, rate: 0.5 });

    expect([1, 2, 3].map(() => failures.draw('webhook').outcome)).toEqual(['timeout', 'failure', 'pass']);
  });

  it('refuses failure settings it cannot apply', () => {
    expect(validateFailureSpec({ rate: 1.5 })).toMatch(/^rate/);
    expect(validateFailureSpec({ status: 200 })).toMatch(/^status/);
    expect(validateFailureSpec({ delay: 5 })).toMatch(/Unknown field delay/);
    expect(validateFailureSpec({ rate: 0.5, status: 429, retryAfter: 3 })).toEqual({ rate: 0.5, status: 429, retryAfter: 3 });
  });
});
