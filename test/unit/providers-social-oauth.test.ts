import { describe, expect, it } from 'vitest';
import { codeChallengeS256, DRIVE_SCOPES, googleOAuthApp, newCodeVerifier, YOUTUBE_SCOPES } from '#lib/providers/google-oauth';
import { instagramFailure, instagramOAuthApp, instagramUsage, shortLivedToken } from '#lib/providers/instagram';
import { OAUTH_CLIENTS, useFakeProviders } from './providers-support';

/** The connected accounts' OAuth apps against the in-process fakes: the consent as a person gives it, then the code. */
describe('connected accounts OAuth against the fakes', () => {
  const fakes = useFakeProviders();
  const redirectUri = 'http://127.0.0.1:3000/integration-success';

  /** Follows an authorize URL: the consent page's form posted with "Allow" (or "Deny"); the code (or error) back. */
  const consent = async (authorizeUrl: string, decision: 'allow' | 'deny' = 'allow') => {
    const page = await fetch(authorizeUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
    const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]));
    const answer = await fetch(`${fakes().url}${action}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...fields, decision }) });
    expect(answer.status).toBe(302);
    return { location: new URL(answer.headers.get('location')!), html };
  };

  describe('Google (YouTube, Drive) with PKCE', () => {
    const app = googleOAuthApp(YOUTUBE_SCOPES);

    it('asks for offline access with an S256 challenge, and exchanges the code only with its verifier', async () => {
      const verifier = newCodeVerifier();
      const url = new URL(app.authorizeUrl({ state: 'conn.abc', redirectUri, codeChallenge: codeChallengeS256(verifier) }));
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        client_id: OAUTH_CLIENTS.google.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: YOUTUBE_SCOPES[0],
        state: 'conn.abc',
        access_type: 'offline',
        prompt: 'consent',
        code_challenge: codeChallengeS256(verifier),
        code_challenge_method: 'S256',
      });
      const { location, html } = await consent(url.toString());
      expect(html).toContain('YouTube');
      expect(location.searchParams.get('state')).toBe('conn.abc');
      const code = location.searchParams.get('code')!;

      const wrong = await app.exchangeCode({ code, redirectUri, codeVerifier: newCodeVerifier() });
      expect(wrong).toMatchObject({ ok: false, status: 400, retryable: false, unauthorized: true, error: expect.stringContaining('Invalid code verifier') });

      // The refused attempt used the code up, as Google does: a new consent, this time with the right verifier.
      const again = await consent(url.toString());
      const exchanged = await app.exchangeCode({ code: again.location.searchParams.get('code')!, redirectUri, codeVerifier: verifier });
      if (!exchanged.ok) throw new Error(exchanged.error);
      expect(exchanged.value.access_token).toMatch(/^ya29\.local-/);
      expect(exchanged.value.refresh_token).toBeTruthy();
      expect(Date.parse(exchanged.value.access_token_expires_at!)).toBeGreaterThan(Date.now() + 50 * 60_000);
    });

    it('refuses a code made for a challenge when the verifier is missing', async () => {
      const url = googleOAuthApp(DRIVE_SCOPES).authorizeUrl({ state: 's', redirectUri, codeChallenge: codeChallengeS256(newCodeVerifier()) });
      const { location, html } = await consent(url);
      expect(html).toContain('Google Drive');
      expect(await app.exchangeCode({ code: location.searchParams.get('code')!, redirectUri })).toMatchObject({ ok: false, status: 400, error: expect.stringContaining('Missing code verifier') });
    });

    it('refreshes with the refresh token (kept), and a revoked grant says unauthorized', async () => {
      const verifier = newCodeVerifier();
      const { location } = await consent(app.authorizeUrl({ state: 's', redirectUri, codeChallenge: codeChallengeS256(verifier) }));
      const first = await app.exchangeCode({ code: location.searchParams.get('code')!, redirectUri, codeVerifier: verifier });
      if (!first.ok) throw new Error(first.error);

      const renewed = await app.refresh(first.value);
      if (!renewed.ok) throw new Error(renewed.error);
      expect(renewed.value.access_token).not.toBe(first.value.access_token);
      expect(renewed.value.refresh_token).toBe(first.value.refresh_token);

      fakes().oauth.google.revoke((scope) => scope.includes('youtube'));
      expect(await app.refresh(first.value)).toMatchObject({ ok: false, unauthorized: true, retryable: false });
      expect(await app.refresh({ access_token: 'x' })).toMatchObject({ ok: false, unauthorized: true });
    });

    it('a denied consent comes back with error=access_denied and no code', async () => {
      const { location } = await consent(app.authorizeUrl({ state: 's', redirectUri, codeChallenge: codeChallengeS256(newCodeVerifier()) }), 'deny');
      expect(location.searchParams.get('error')).toBe('access_denied');
      expect(location.searchParams.get('code')).toBeNull();
    });
  });

  describe('Instagram', () => {
    const app = instagramOAuthApp();

    it('asks for the business scopes, and turns the code into a long-lived token of 60 days', async () => {
      const url = new URL(app.authorizeUrl({ state: 'conn.ig', redirectUri }));
      expect(url.pathname).toBe('/instagram/oauth/authorize');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        client_id: OAUTH_CLIENTS.instagram.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'instagram_business_basic,instagram_business_manage_insights',
        state: 'conn.ig',
      });
      const { location } = await consent(url.toString());
      const code = location.searchParams.get('code')!;
      const exchanged = await app.exchangeCode({ code, redirectUri });
      if (!exchanged.ok) throw new Error(exchanged.error);
      expect(exchanged.value.access_token).toMatch(/^IGAA\.local-/);
      expect(exchanged.value.refresh_token).toBeUndefined();
      const days = (Date.parse(exchanged.value.access_token_expires_at!) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(59.9);
      const received = fakes().recorder.list('instagram').map((r) => r.path.replace(/\?.*$/, '')).reverse();
      expect(received).toEqual(['/instagram/oauth/consent', '/instagram/oauth/access_token', '/instagram/graph/access_token']);

      // A code works once.
      expect(await app.exchangeCode({ code, redirectUri })).toMatchObject({ ok: false, status: 400, retryable: false, error: 'Invalid authorization code' });

      const renewed = await app.refresh(exchanged.value);
      if (!renewed.ok) throw new Error(renewed.error);
      expect(renewed.value.access_token).not.toBe(exchanged.value.access_token);
      expect(renewed.value.access_token_expires_at).toBeTruthy();

      fakes().instagram.revoke();
      expect(await app.refresh(renewed.value)).toMatchObject({ ok: false, unauthorized: true, retryable: false, error: expect.stringContaining('has not authorized') });
    });

    it('a wrong redirect URI is refused', async () => {
      const { location } = await consent(app.authorizeUrl({ state: 's', redirectUri }));
      expect(await app.exchangeCode({ code: location.searchParams.get('code')!, redirectUri: 'http://127.0.0.1:3000/elsewhere' })).toMatchObject({ ok: false, status: 400, retryable: false });
    });
  });
});

describe('Instagram answers read', () => {
  it('takes the usage as the largest figure of X-App-Usage and X-Business-Use-Case-Usage', () => {
    expect(instagramUsage({})).toBeUndefined();
    expect(instagramUsage({ 'x-app-usage': '{"call_count":28,"total_time":25,"total_cputime":25}' })).toBe(28);
    expect(instagramUsage({ 'x-app-usage': '{"call_count":3}', 'x-business-use-case-usage': '{"1784":[{"type":"instagram","call_count":12,"total_cputime":91,"total_time":40}]}' })).toBe(91);
    expect(instagramUsage({ 'x-app-usage': 'not json' })).toBeUndefined();
    expect(instagramUsage({ 'x-app-usage': '{"call_count":250}' })).toBe(100);
  });

  it('reads the short-lived token from the data array or a flat answer', () => {
    expect(shortLivedToken({ data: [{ access_token: 'IGQ1', user_id: '1', permissions: 'a' }] })).toBe('IGQ1');
    expect(shortLivedToken({ access_token: 'IGQ2', user_id: 1 })).toBe('IGQ2');
    expect(shortLivedToken({ data: [] })).toBeUndefined();
  });

  it('classifies Graph errors: rate limit codes, dead tokens, transient errors', () => {
    const answer = (status: number, error: Record<string, unknown>, headers: Record<string, string> = {}) => instagramFailure({ status, body: { error }, headers, latencyMs: 5 });
    expect(answer(400, { message: 'Application request limit reached', code: 4 }, { 'x-business-use-case-usage': '{"1":[{"call_count":100,"estimated_time_to_regain_access":7}]}' })).toMatchObject({ rateLimited: true, retryable: true, retryAfterSeconds: 420, status: 400 });
    expect(answer(429, { message: 'slow down', code: 32 }, { 'retry-after': '12' })).toMatchObject({ rateLimited: true, retryable: true, retryAfterSeconds: 12 });
    expect(answer(400, { message: 'Error validating access token', code: 190, error_subcode: 463 })).toMatchObject({ unauthorized: true, retryable: false, error: 'Error validating access token' });
    expect(answer(500, { message: 'unexpected', code: 2, is_transient: true })).toMatchObject({ retryable: true });
    const final = answer(400, { message: 'Invalid parameter', code: 100 });
    expect(final).toMatchObject({ retryable: false });
    expect(final.unauthorized ?? false).toBe(false);
    expect(final.rateLimited ?? false).toBe(false);
  });
});
