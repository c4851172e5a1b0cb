import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { escapeHtml } from '../mail';
import type { FakeRequest, FakeResponse } from './core';

/**
 * The OAuth 2.0 authorization-code flow as Google, Atlassian and Slack run it: a consent page with "Allow" and
 * "Deny" (the browser is sent there by the authorize URL), single-use codes bound to the client and the
 * redirect URI, access tokens that expire, and refresh tokens (rotated on use when `rotateRefreshTokens`, as
 * Atlassian does; kept, as Google does, otherwise). Client credentials are checked as the real servers do.
 * Tokens are signed (HMAC with `signingKey`) rather than remembered, so with a key kept in the data folder an
 * integration connected before a restart still works after it; a used refresh token is remembered for this run.
 * PKCE (RFC 7636) as Google checks it: a code issued for a code_challenge is exchanged only with its code_verifier
 * (S256 or plain), and a verifier sent for a code issued without a challenge is refused. `revoke` ends every token
 * issued so far (access and refresh) whose scope it matches, as a person removing the app's access does: refused
 * until the next consent.
 */
export type OAuthClient = { clientId: string; clientSecret: string };

export type OAuthServerOptions = {
  /** Shown on the consent page, e.g. "Google Calendar". */
  title: string;
  /** The title for a requested scope, when one server consents for several products (Google: Calendar, YouTube, Drive). */
  titleFor?: (scope: string) => string;
  client: OAuthClient;
  /** Where the consent form posts (the fake's own path, e.g. /google/o/oauth2/consent). */
  consentPath: string;
  /** Seconds an access token lives; undefined = it does not expire (Slack bot tokens). */
  accessTtlSeconds?: number;
  issueRefreshTokens: boolean;
  rotateRefreshTokens: boolean;
  /** Prefix of the tokens it makes, e.g. ya29.local- or xoxb-local-. */
  accessPrefix: string;
  /** Signs the tokens; random (tokens die with the process) when omitted. */
  signingKey?: Buffer;
  now?: () => number;
};

type Grant = { scope: string; clientId: string };
type Challenge = { challenge: string; method: 'S256' | 'plain' };

/** The PKCE challenge of a verifier (RFC 7636 §4.2). */
export const pkceChallenge = (verifier: string, method: 'S256' | 'plain' = 'S256') => (method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url'));

export const createOAuthServer = (options: OAuthServerOptions) => {
  const now = options.now ?? Date.now;
  const codes = new Map<string, Grant & { redirectUri: string; expiresAt: number; pkce?: Challenge }>();
  /** Revocations: tokens issued at or before `at` whose scope `matches` are refused. */
  const revocations: { at: number; matches: (scope: string) => boolean }[] = [];
  const revoked = (claims: { s: string; i: number }) => revocations.some((r) => claims.i <= r.at && r.matches(claims.s));
  const titleOf = (scope: string) => options.titleFor?.(scope) ?? options.title;
  const usedRefresh = new Set<string>();
  const key = options.signingKey ?? randomBytes(32);
  /** Access tokens of an earlier generation are refused (expireAccessTokens starts a new one). */
  let generation = 0;
  const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

  type Claims = { k: 'a' | 'r'; s: string; c: string; i: number; e?: number; g?: number; n: string };
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const sign = (prefix: string, claims: Claims) => {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${prefix}${payload}.${mac(payload)}`;
  };
  const claimsOf = (value: string | undefined, prefix: string): Claims | undefined => {
    if (!value?.startsWith(prefix)) return undefined;
    const [payload, signature] = value.slice(prefix.length).split('.');
    if (!payload || !signature) return undefined;
    const expected = Buffer.from(mac(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
    } catch {
      return undefined;
    }
  };
  const REFRESH_PREFIX = '1//local-refresh-';

  const issue = (grant: Grant, withRefresh: boolean) => {
    // Strictly after the last revocation: a consent given right after one is a new grant.
    const issuedAt = Math.max(now(), ...revocations.map((r) => r.at + 1));
    const expiresAt = options.accessTtlSeconds === undefined ? undefined : issuedAt + options.accessTtlSeconds * 1000;
    const nonce = randomBytes(6).toString('base64url');
    const accessToken = sign(options.accessPrefix, { k: 'a', s: grant.scope, c: grant.clientId, i: issuedAt, e: expiresAt, g: generation, n: nonce });
    const refreshToken = withRefresh ? sign(REFRESH_PREFIX, { k: 'r', s: grant.scope, c: grant.clientId, i: issuedAt, n: nonce }) : undefined;
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      scope: grant.scope,
      ...(options.accessTtlSeconds !== undefined ? { expires_in: options.accessTtlSeconds } : {}),
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    };
  };

  /** The consent page for GET <authorize>?client_id&redirect_uri&state&scope. */
  const authorizePage = (req: FakeRequest): FakeResponse => {
    const clientId = req.query.get('client_id') ?? '';
    const redirectUri = req.query.get('redirect_uri') ?? '';
    const scope = req.query.get('scope') ?? req.query.get('user_scope') ?? '';
    const title = titleOf(scope);
    if (clientId !== options.client.clientId) {
      return { status: 400, body: page(title, `<h1>Error 400: invalid_client</h1><p>The OAuth client was not found (client_id ${escapeHtml(clientId || '(none)')}).</p>`), contentType: HTML, summary: 'authorize: unknown client' };
    }
    if (!/^https?:\/\//.test(redirectUri)) {
      return { status: 400, body: page(title, '<h1>Error 400: redirect_uri_mismatch</h1><p>A redirect_uri is required.</p>'), contentType: HTML, summary: 'authorize: no redirect_uri' };
    }
    const challenge = req.query.get('code_challenge') ?? '';
    const method = req.query.get('code_challenge_method') ?? (challenge ? 'plain' : '');
    if (challenge && (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge) || (method !== 'S256' && method !== 'plain'))) {
      return { status: 400, body: page(title, '<h1>Error 400: invalid_request</h1><p>Invalid code_challenge or code_challenge_method.</p>'), contentType: HTML, summary: 'authorize: invalid PKCE challenge' };
    }
    const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    return {
      status: 200,
      contentType: HTML,
      summary: `authorize page shown (scope ${scope || '-'}${challenge ? `, PKCE ${method}` : ''})`,
      body: page(
        title,
        `<main><h1>Brandslate wants to access your ${escapeHtml(title)} account</h1>
<p>This is the local stand-in for the provider's consent screen. Nothing leaves this machine.</p>
<p>Requested access: <code>${escapeHtml(scope || '(none)')}</code></p>
<form method="post" action="${escapeHtml(options.consentPath)}">
${hidden('client_id', clientId)}${hidden('redirect_uri', redirectUri)}${hidden('state', req.query.get('state') ?? '')}${hidden('scope', scope)}${challenge ? hidden('code_challenge', challenge) + hidden('code_challenge_method', method) : ''}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form></main>`,
      ),
    };
  };

  /** The consent form's POST: back to the redirect URI with a code, or with error=access_denied. */
  const consent = (req: FakeRequest): FakeResponse => {
    const form = (req.body ?? {}) as Record<string, string>;
    if (form.client_id !== options.client.clientId || !/^https?:\/\//.test(form.redirect_uri ?? '')) {
      return { status: 400, body: 'invalid consent form', summary: 'consent: invalid form' };
    }
    const back = new URL(form.redirect_uri!);
    if (form.state) back.searchParams.set('state', form.state);
    if (form.decision !== 'allow') {
      back.searchParams.set('error', 'access_denied');
      return { status: 302, headers: { location: back.toString() }, summary: 'consent: denied' };
    }
    const code = token('local-code-');
    const pkce = form.code_challenge ? { challenge: form.code_challenge, method: form.code_challenge_method === 'S256' ? ('S256' as const) : ('plain' as const) } : undefined;
    codes.set(code, { clientId: form.client_id, redirectUri: form.redirect_uri!, scope: form.scope ?? '', expiresAt: now() + 10 * 60_000, pkce });
    back.searchParams.set('code', code);
    return { status: 302, headers: { location: back.toString() }, summary: 'consent: allowed, code issued' };
  };

  type TokenAnswer = { ok: true; body: Record<string, unknown> } | { ok: false; status: number; error: string; description: string };

  /** Client credentials from the form or from HTTP Basic (both are allowed by RFC 6749 §2.3.1). */
  const clientOf = (req: FakeRequest, form: Record<string, unknown>) => {
    const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (basic) {
      const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(secret ?? '') };
    }
    return { id: String(form.client_id ?? ''), secret: String(form.client_secret ?? '') };
  };

  /** POST <token>: grant_type authorization_code or refresh_token. */
  const exchange = (req: FakeRequest): TokenAnswer => {
    const form = req.body ?? {};
    const client = clientOf(req, form);
    if (client.id !== options.client.clientId || client.secret !== options.client.clientSecret) {
      return { ok: false, status: 401, error: 'invalid_client', description: 'Unauthorized' };
    }
    if (form.grant_type === 'authorization_code') {
      const grant = codes.get(String(form.code ?? ''));
      codes.delete(String(form.code ?? ''));
      if (!grant || grant.expiresAt < now() || grant.clientId !== client.id) return { ok: false, status: 400, error: 'invalid_grant', description: 'Malformed auth code.' };
      if (grant.redirectUri !== form.redirect_uri) return { ok: false, status: 400, error: 'redirect_uri_mismatch', description: 'Bad Request' };
      const verifier = typeof form.code_verifier === 'string' ? form.code_verifier : undefined;
      if (grant.pkce && !verifier) return { ok: false, status: 400, error: 'invalid_grant', description: 'Missing code verifier.' };
      if (!grant.pkce && verifier) return { ok: false, status: 400, error: 'invalid_request', description: 'code_verifier or verifier is not needed.' };
      if (grant.pkce && pkceChallenge(verifier!, grant.pkce.method) !== grant.pkce.challenge) return { ok: false, status: 400, error: 'invalid_grant', description: 'Invalid code verifier.' };
      return { ok: true, body: issue(grant, options.issueRefreshTokens) };
    }
    if (form.grant_type === 'refresh_token') {
      const presented = String(form.refresh_token ?? '');
      const claims = claimsOf(presented, REFRESH_PREFIX);
      if (!claims || claims.k !== 'r' || claims.c !== client.id || usedRefresh.has(presented) || revoked(claims)) {
        return { ok: false, status: 400, error: 'invalid_grant', description: 'Token has been expired or revoked.' };
      }
      if (options.rotateRefreshTokens) usedRefresh.add(presented);
      const body = issue({ scope: claims.s, clientId: claims.c }, options.rotateRefreshTokens);
      return { ok: true, body };
    }
    return { ok: false, status: 400, error: 'unsupported_grant_type', description: `Invalid grant_type: ${String(form.grant_type ?? '')}` };
  };

  return {
    authorizePage,
    consent,
    exchange,
    /** True for a live access token. */
    isValid: (accessToken: string | undefined) => {
      const claims = claimsOf(accessToken, options.accessPrefix);
      return !!claims && claims.k === 'a' && claims.c === options.client.clientId && (claims.e === undefined || claims.e > now()) && (claims.g ?? 0) === generation && !revoked(claims);
    },
    /** The scope an access token was granted (whatever its state), for a fake API that checks it. */
    scopeOf: (accessToken: string | undefined) => claimsOf(accessToken, options.accessPrefix)?.s,
    /** True for an access token that was live until a revocation ended it (the API says "revoked", not "expired"). */
    isRevoked: (accessToken: string | undefined) => {
      const claims = claimsOf(accessToken, options.accessPrefix);
      return !!claims && revoked(claims);
    },
    /** Ends every token issued so far whose scope matches (all when no filter): the person removed the app's access. */
    revoke: (matches: (scope: string) => boolean = () => true) => {
      revocations.push({ at: now(), matches });
    },
    /** Makes every access token issued so far expire now (to exercise the refresh path). */
    expireAccessTokens: () => {
      generation += 1;
    },
    /** Tokens made without the consent page, for tests and the seeded demo. */
    mint: (scope = '') => issue({ scope, clientId: options.client.clientId }, options.issueRefreshTokens),
  };
};
export type OAuthServer = ReturnType<typeof createOAuthServer>;

export const HTML = 'text/html; charset=utf-8';

export const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:24px;color:#16191f;max-width:1100px}button{font:inherit;padding:6px 16px;margin-right:8px}
code{background:#f4f4f4;padding:1px 4px;border-radius:4px}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 10px;border-bottom:1px solid #e9ebed;vertical-align:top}
th{color:#5f6b7a}.muted{color:#5f6b7a}pre{white-space:pre-wrap;background:#f4f4f4;padding:8px;border-radius:6px;margin:0;max-height:240px;overflow:auto}a{color:#0972d3}</style></head><body>${body}</body></html>`;
