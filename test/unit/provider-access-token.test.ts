import { describe, expect, it, vi } from 'vitest';
import { ProviderHttpError } from '#lib/providers/http';
import { createServer } from 'node:http';
import { refreshSecrets, withAccessToken, type Renewal } from '#lib/providers/oauth';

const refused = (status: number) => new ProviderHttpError({ status, headers: {}, body: { error: 'no' }, latencyMs: 1 });
const later = new Date(Date.now() + 3_600_000).toISOString();
const earlier = new Date(Date.now() - 1_000).toISOString();

/** A token store the tests drive: each renewal hands out the next token; what `work` saw is kept. */
const setup = (renewals: Renewal[] = []) => {
  const seen: unknown[] = [];
  const renewedFrom: unknown[] = [];
  let n = 0;
  const renew = async (secrets: Record<string, unknown>) => {
    renewedFrom.push(secrets.access_token);
    return renewals[n++] ?? { ok: true as const, secrets: { ...secrets, access_token: `t${n}`, access_token_expires_at: later } };
  };
  const fail = (error: unknown) => ({ ok: false as const, retryable: false, error: String((error as Error).message), status: (error as ProviderHttpError).status, latencyMs: 1 });
  return { seen, renewedFrom, renew, fail };
};

describe('calls with an access token kept alive', () => {
  it('uses a live token as it is, renewing nothing', async () => {
    const { seen, renewedFrom, renew, fail } = setup();
    const result = await withAccessToken({ access_token: 't0', access_token_expires_at: later }, { renew, fail }, async (s) => seen.push(s.access_token));
    expect(result).toEqual({ ok: true, value: 1 });
    expect([seen, renewedFrom]).toEqual([['t0'], []]);
  });

  it('renews an expired or missing token before the call, and hands the renewed secrets back', async () => {
    for (const secrets of [{ access_token: 't0', access_token_expires_at: earlier }, { refresh_token: 'r' }]) {
      const { seen, renew, fail } = setup();
      const result = await withAccessToken(secrets, { renew, fail }, async (s) => seen.push(s.access_token));
      expect(seen).toEqual(['t1']);
      expect(result).toMatchObject({ ok: true, refreshedSecrets: { access_token: 't1', access_token_expires_at: later } });
    }
  });

  it('renews once when the provider refuses a live token (401), then calls again', async () => {
    const { seen, renewedFrom, renew, fail } = setup();
    const result = await withAccessToken({ access_token: 't0', access_token_expires_at: later }, { renew, fail }, async (s) => {
      seen.push(s.access_token);
      if (s.access_token === 't0') throw refused(401);
      return 'done';
    });
    expect(result).toMatchObject({ ok: true, value: 'done', refreshedSecrets: { access_token: 't1' } });
    expect([seen, renewedFrom]).toEqual([['t0', 't1'], ['t0']]);
  });

  it('a token refused again after renewal is the failure, with the renewed secrets still handed back', async () => {
    const { seen, renew, fail } = setup();
    const result = await withAccessToken({ access_token: 't0', access_token_expires_at: later }, { renew, fail }, async (s) => {
      seen.push(s.access_token);
      throw refused(401);
    });
    expect(seen).toEqual(['t0', 't1']);
    expect(result).toMatchObject({ ok: false, status: 401, refreshedSecrets: { access_token: 't1' } });
  });

  it('a refused renewal is the answer and the call is not made; other failures are not renewed', async () => {
    const revoked = { ok: false as const, retryable: false, unauthorized: true, error: 'invalid_grant', latencyMs: 1 };
    const first = setup([revoked]);
    const calls: string[] = [];
    expect(await withAccessToken({ access_token: 't0', access_token_expires_at: earlier }, first, async () => calls.push('x'))).toEqual(revoked);
    expect(calls).toEqual([]);

    const second = setup();
    const result = await withAccessToken({ access_token: 't0', access_token_expires_at: later }, second, async () => {
      throw refused(403);
    });
    expect(result).toEqual({ ok: false, retryable: false, error: 'The provider answered HTTP 403', status: 403, latencyMs: 1 });
    expect(second.renewedFrom).toEqual([]);
  });
});

describe('the refresh_token grant', () => {
  it("keeps the other secrets and the refresh token, and drops the old expiry when the answer gives none", async () => {
    let form: URLSearchParams | undefined;
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        form = new URLSearchParams(text);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'fresh', token_type: 'Bearer' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    vi.stubEnv('GOOGLE_CLIENT_ID', 'unit-client');
    vi.stubEnv('GOOGLE_CLIENT_SECRET', 'unit-secret');
    try {
      const renewal = await refreshSecrets(
        `http://127.0.0.1:${port}/token`,
        'google',
        { access_token: 'stale', refresh_token: 'r1', access_token_expires_at: earlier, site_id: 's' },
        { policy: { allowlist: new Set([`127.0.0.1:${port}`]), resolve: async () => [] } },
      );
      expect(renewal).toEqual({ ok: true, secrets: { access_token: 'fresh', refresh_token: 'r1', site_id: 's' } });
      expect(Object.fromEntries(form!)).toEqual({ grant_type: 'refresh_token', client_id: 'unit-client', client_secret: 'unit-secret', refresh_token: 'r1' });
    } finally {
      server.close();
      vi.unstubAllEnvs();
    }
  });
});
