import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { CONNECTION_TYPES, type ConnectionType } from '#shared/schemas/connections';
import type { DomainError } from '#lib/errors';
import type { Call, SocialOAuthApp, SocialProfile, TokenSecrets } from '#lib/providers/social';
import type { ConnectionChanges, ConnectionItem } from '#data/connections';
import type { OAuthStateItem } from '#data/integrations';
import { hashState, OAUTH_RETURN_PATH } from '#core/integrations/oauth';
import { completeConnection, startConnection, type CompleteConnectionDeps, type StartConnectionDeps } from '#core/connections/connect';
import { disconnect, listBrandConnections, SYNC_NOW_PENDING_MINUTES, syncNow, updateContentPillars } from '#core/connections/manage';
import { connectionSealContext, connectionTokens, type ConnectionTokenDeps } from '#core/connections/tokens';
import { captionsVariable, pillarsOf, storeDerivedPillars } from '#core/connections/pillars';

const W = 'w1';
const P = 'p1';
const ALICE = { userId: 'alice', email: 'alice@example.com', emailVerified: true };
const ctx = { workspaceId: W, userId: ALICE.userId, email: ALICE.email, role: 'admin' as const };
const instant = { sleep: async () => {}, random: () => 0 };

const refusal = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a refusal');
};

/** The table, in memory: connections with the same conditional writes as functions/data/connections.ts. */
const memoryStore = () => {
  const items = new Map<string, ConnectionItem>();
  const key = (brand: { workspaceId: string; projectId: string }, type: string) => `${brand.workspaceId}/${brand.projectId}/${type}`;
  const states = new Map<string, OAuthStateItem>();
  return {
    items,
    states,
    brandExists: async (brand: { workspaceId: string; projectId: string }) => brand.workspaceId === W && brand.projectId === P,
    getConnection: async (brand: { workspaceId: string; projectId: string }, type: ConnectionType) => {
      const item = items.get(key(brand, type));
      return item && structuredClone(item);
    },
    listConnections: async (brand: { workspaceId: string; projectId: string }) => [...items.values()].filter((i) => i.workspaceId === brand.workspaceId && i.projectId === brand.projectId),
    createConnection: async (item: ConnectionItem) => {
      if (items.has(key(item, item.type))) return 'exists' as const;
      items.set(key(item, item.type), structuredClone(item));
      return 'done' as const;
    },
    updateConnection: async (current: ConnectionItem, changes: ConnectionChanges) => {
      const stored = items.get(key(current, current.type));
      if (!stored || stored.updatedAt !== current.updatedAt) return 'stale' as const;
      const next: Record<string, unknown> = { ...stored };
      for (const [field, value] of Object.entries(changes)) {
        if (value === null) delete next[field];
        else if (value !== undefined) next[field] = value;
      }
      items.set(key(current, current.type), next as ConnectionItem);
      return 'done' as const;
    },
    deleteConnection: async (current: ConnectionItem) => {
      const stored = items.get(key(current, current.type));
      if (!stored || stored.updatedAt !== current.updatedAt) return 'stale' as const;
      items.delete(key(current, current.type));
      return 'done' as const;
    },
    putOAuthState: async (state: OAuthStateItem) => void states.set(state.stateHash, state),
    takeOAuthState: async (hash: string) => {
      const state = states.get(hash);
      states.delete(hash);
      return state;
    },
  };
};

const profile: SocialProfile = { external_id: '1789', username: 'brand', followers: 1200, url: 'https://www.instagram.com/brand', biography: 'We make things' };

/** An OAuth app that records what it was asked, and answers tokens for any code. */
const recordingApp = (answers: { exchange?: Call<TokenSecrets>; refresh?: Call<TokenSecrets> } = {}) => {
  const calls = { authorize: [] as unknown[], exchange: [] as unknown[], refresh: [] as unknown[] };
  const app: SocialOAuthApp = {
    authorizeUrl: (input) => {
      calls.authorize.push(input);
      const url = new URL('https://provider.example/consent');
      url.searchParams.set('state', input.state);
      if (input.codeChallenge) url.searchParams.set('code_challenge', input.codeChallenge);
      return url.toString();
    },
    exchangeCode: async (input) => {
      calls.exchange.push(input);
      return answers.exchange ?? { ok: true, value: { access_token: 'AT-secret-1', refresh_token: 'RT-secret-1', access_token_expires_at: '2026-11-24T13:00:00.000Z' } };
    },
    refresh: async (secrets) => {
      calls.refresh.push(secrets);
      return answers.refresh ?? { ok: true, value: { access_token: 'AT-renewed', refresh_token: secrets.refresh_token, access_token_expires_at: '2026-11-24T14:00:00.000Z' } };
    },
  };
  return { app, calls };
};

const NOW = new Date('2026-11-24T12:00:00.000Z');
/** A seal that is reversible and names its context, so the tests see what was bound to what. */
const seal = async (value: Record<string, unknown>, context: object) => `sealed:${JSON.stringify(context)}:${Buffer.from(JSON.stringify(value)).toString('base64url')}`;
const open = async (sealed: string, context: object) => {
  const prefix = `sealed:${JSON.stringify(context)}:`;
  if (!sealed.startsWith(prefix)) throw new Error('another context');
  return JSON.parse(Buffer.from(sealed.slice(prefix.length), 'base64url').toString()) as Record<string, unknown>;
};

const setup = (options: { now?: () => Date; exchange?: Call<TokenSecrets>; profile?: Call<SocialProfile>; isAdmin?: boolean } = {}) => {
  const store = memoryStore();
  const apps = { instagram: recordingApp({ exchange: options.exchange }), youtube: recordingApp({ exchange: options.exchange }), drive: recordingApp() };
  const queued: unknown[] = [];
  let n = 0;
  const clock = options.now ?? (() => NOW);
  const start: StartConnectionDeps = {
    ...store,
    clock,
    appUrl: 'https://app.example',
    newState: () => `random${++n}`.padEnd(43, 'x'),
    connectionApp: (type) => ({ app: apps[type].app, pkce: type !== 'instagram' }),
    newPkce: () => ({ verifier: `verifier-${n}`, challenge: createHash('sha256').update(`verifier-${n}`).digest('base64url') }),
    retryTiming: instant,
  };
  const complete: CompleteConnectionDeps = {
    ...store,
    clock,
    findMembership: async (workspaceId, userId) => (workspaceId === W && ['alice', 'bob'].includes(userId) ? ({ workspaceId, userId, role: options.isAdmin === false ? 'member' : 'admin', status: 'joined' } as never) : undefined),
    getProjectAndMember: async (_ctx, projectId) => (projectId === P ? { project: { projectId: P, slug: 'brand' } as never, member: undefined } : {}),
    connectionApp: (type) => ({ app: apps[type].app, pkce: type !== 'instagram' }),
    readProfile: async () => options.profile ?? { ok: true, value: profile },
    seal,
    queueSync: async (message) => void queued.push(message),
    retryTiming: instant,
  };
  return { store, apps, queued, start, complete };
};

/** Starts a consent and answers the state the provider would send back. */
const consent = async (world: ReturnType<typeof setup>, type: ConnectionType) => {
  const { authorize_url } = await startConnection(world.start, ctx, P, type);
  return { state: new URL(authorize_url).searchParams.get('state')!, url: new URL(authorize_url) };
};

describe('starting a connection', () => {
  it('issues a single-use conn. state stored only by its hash, bound to the person, brand and type, returning to /integration-success', async () => {
    const world = setup();
    const { state } = await consent(world, 'instagram');
    expect(state).toMatch(/^conn\./);
    const stored = world.store.states.get(hashState(state))!;
    expect(stored).toMatchObject({ workspaceId: W, projectId: P, integrationUid: 'connection:instagram', userId: 'alice', redirectUri: `https://app.example${OAUTH_RETURN_PATH}`, validUntil: '2026-11-24T12:30:00.000Z' });
    expect(JSON.stringify([...world.store.states.values()])).not.toContain(state);
    expect(stored.codeVerifier).toBeUndefined();
    expect(world.store.items.get(`${W}/${P}/instagram`)).toMatchObject({ state: 'pending_oauth', oauthStateHash: hashState(state), contentPillars: [] });
  });

  it('Google consents carry the S256 challenge of a verifier that stays with the state', async () => {
    const world = setup();
    const { state, url } = await consent(world, 'youtube');
    const { codeVerifier } = world.store.states.get(hashState(state))!;
    expect(codeVerifier).toBeTruthy();
    expect(url.searchParams.get('code_challenge')).toBe(createHash('sha256').update(codeVerifier!).digest('base64url'));
    expect(url.toString()).not.toContain(codeVerifier);
  });

  it('a reconnect keeps a connected account connected and only the newest link completes', async () => {
    const world = setup();
    const first = await consent(world, 'instagram');
    await completeConnection(world.complete, ALICE, { state: first.state, code: 'c1' });
    const older = await consent(world, 'instagram');
    const newer = await consent(world, 'instagram');
    expect(world.store.items.get(`${W}/${P}/instagram`)).toMatchObject({ state: 'connected', oauthStateHash: hashState(newer.state) });
    expect(await refusal(() => completeConnection(world.complete, ALICE, { state: older.state, code: 'c2' }))).toMatchObject({ code: 'integration_oauth_invalid', field: 'state' });
    expect((await completeConnection(world.complete, ALICE, { state: newer.state, code: 'c3' })).connection.state).toBe('connected');
  });
});

describe('completing a connection', () => {
  it('exchanges the code with the PKCE verifier, stores the tokens sealed for the brand and type, the account, and queues a first sync', async () => {
    const world = setup();
    const { state } = await consent(world, 'youtube');
    const { codeVerifier } = world.store.states.get(hashState(state))!;
    const answer = await completeConnection(world.complete, ALICE, { state, code: 'the-code' });
    expect(world.apps.youtube.calls.exchange).toEqual([{ code: 'the-code', redirectUri: `https://app.example${OAUTH_RETURN_PATH}`, codeVerifier }]);
    expect(answer).toEqual({
      workspace_uid: W,
      project_uid: P,
      project_slug: 'brand',
      connection: { type: 'youtube', state: 'connected', account: profile, content_pillars: [], connected_at: NOW.toISOString() },
    });
    expect(JSON.stringify(answer)).not.toMatch(/AT-secret|RT-secret|sealed/);
    const item = world.store.items.get(`${W}/${P}/youtube`)!;
    expect(item.oauthStateHash).toBeUndefined();
    expect(item.syncDueAt).toBe('2026-11-24T13:00:00.000Z');
    expect(await open(item.sealedSecrets!, connectionSealContext(item))).toMatchObject({ access_token: 'AT-secret-1', refresh_token: 'RT-secret-1' });
    await expect(open(item.sealedSecrets!, connectionSealContext({ ...item, type: 'instagram' }))).rejects.toThrow();
    expect(world.queued).toEqual([{ workspaceId: W, projectId: P, type: 'youtube', reason: 'connect' }]);
  });

  it('Drive connects without an account or a sync', async () => {
    const world = setup();
    const { state } = await consent(world, 'drive');
    const answer = await completeConnection(world.complete, ALICE, { state, code: 'c' });
    expect(answer.connection).toEqual({ type: 'drive', state: 'connected', content_pillars: [], connected_at: NOW.toISOString() });
    expect(world.queued).toEqual([]);
  });

  it('refuses a forged, replayed, expired, foreign or integration state, and a caller no longer project admin', async () => {
    let now = NOW;
    const world = setup({ now: () => now });
    const forged = await refusal(() => completeConnection(world.complete, ALICE, { state: `conn.${'A'.repeat(43)}`, code: 'c' }));
    expect(forged).toMatchObject({ code: 'integration_oauth_invalid', field: 'state' });
    const notConnection = await refusal(() => completeConnection(world.complete, ALICE, { state: 'plain-integration-state', code: 'c' }));
    expect(notConnection).toMatchObject({ code: 'integration_oauth_invalid', field: 'state' });

    const replayed = await consent(world, 'instagram');
    await completeConnection(world.complete, ALICE, { state: replayed.state, code: 'c' });
    expect(await refusal(() => completeConnection(world.complete, ALICE, { state: replayed.state, code: 'c' }))).toMatchObject({ code: 'integration_oauth_invalid', field: 'state' });

    const foreign = await consent(world, 'youtube');
    expect(await refusal(() => completeConnection(world.complete, { userId: 'bob', email: 'bob@example.com', emailVerified: true }, { state: foreign.state, code: 'c' }))).toMatchObject({ code: 'integration_oauth_invalid' });
    // Taken by the refused attempt: Alice's own try with it fails too (a state works once, whoever sends it).
    expect(await refusal(() => completeConnection(world.complete, ALICE, { state: foreign.state, code: 'c' }))).toMatchObject({ code: 'integration_oauth_invalid' });

    const expired = await consent(world, 'drive');
    now = new Date(NOW.getTime() + 31 * 60_000);
    expect(await refusal(() => completeConnection(world.complete, ALICE, { state: expired.state, code: 'c' }))).toMatchObject({ code: 'integration_oauth_invalid' });
    expect(world.apps.drive.calls.exchange).toEqual([]);

    const demoted = setup({ isAdmin: false });
    const notAdmin = await consent(demoted, 'instagram');
    expect(await refusal(() => completeConnection(demoted.complete, ALICE, { state: notAdmin.state, code: 'c' }))).toMatchObject({ code: 'project_admin_required' });
  });

  it('a refusal at the consent leaves nothing connected; a refused code asks to start over; an outage is a 502', async () => {
    const world = setup();
    const declined = await consent(world, 'instagram');
    expect(await refusal(() => completeConnection(world.complete, ALICE, { state: declined.state, error: 'access_denied' }))).toMatchObject({ code: 'integration_oauth_declined' });
    expect(world.store.items.size).toBe(0);

    const refused = setup({ exchange: { ok: false, status: 400, error: 'invalid_grant', retryable: false, unauthorized: true, latencyMs: 1 } });
    const r = await consent(refused, 'youtube');
    expect(await refusal(() => completeConnection(refused.complete, ALICE, { state: r.state, code: 'c' }))).toMatchObject({ code: 'integration_oauth_invalid', field: 'code' });

    const down = setup({ exchange: { ok: false, status: 503, error: 'down', retryable: true, latencyMs: 1 } });
    const d = await consent(down, 'youtube');
    expect(await refusal(() => completeConnection(down.complete, ALICE, { state: d.state, code: 'c' }))).toMatchObject({ code: 'integration_provider_error' });
    expect(down.store.items.get(`${W}/${P}/youtube`)).toMatchObject({ state: 'pending_oauth' });
  });
});

describe('managing connections', () => {
  it('lists every type, absent ones not_connected; pillars edited; sync only when connected; disconnect deletes the tokens', async () => {
    const world = setup();
    const deleted: string[][] = [];
    const deps = { ...world.store, clock: () => NOW, retryTiming: instant, signPicture: async (key: string) => `https://bucket.example/${key}?signed`, deleteObjects: async (keys: string[]) => void deleted.push(keys) };
    const { state } = await consent(world, 'instagram');
    await completeConnection(world.complete, ALICE, { state, code: 'c' });
    const listed = await listBrandConnections(deps, ctx, P);
    expect(await refusal(() => listBrandConnections(deps, ctx, 'another-workspaces-brand'))).toMatchObject({ code: 'project_not_found' });
    expect(await refusal(() => startConnection(world.start, ctx, 'another-workspaces-brand', 'instagram'))).toMatchObject({ code: 'project_not_found' });
    expect(listed.items.map((c) => [c.type, c.state])).toEqual(CONNECTION_TYPES.map((type) => [type, type === 'instagram' ? 'connected' : 'not_connected']));
    expect(JSON.stringify(listed)).not.toMatch(/AT-secret|sealed/);

    expect(await updateContentPillars(deps, ctx, P, 'instagram', ['Recipes', 'Behind the scenes'])).toMatchObject({ content_pillars: ['Recipes', 'Behind the scenes'] });
    expect(await refusal(() => updateContentPillars(deps, ctx, P, 'drive', ['x']))).toMatchObject({ code: 'connection_not_social' });
    expect(await refusal(() => updateContentPillars(deps, ctx, P, 'youtube', ['x']))).toMatchObject({ code: 'connection_not_found' });

    const queueSync = vi.fn(async () => {});
    let now = NOW;
    const syncDeps = { getConnection: world.store.getConnection, updateConnection: world.store.updateConnection, clock: () => now, queueSync, retryTiming: instant };
    expect(await syncNow(syncDeps, ctx, P, 'instagram')).toEqual({ queued: true });
    expect(queueSync).toHaveBeenCalledWith({ workspaceId: W, projectId: P, type: 'instagram', reason: 'manual' });
    // Clicked again while it waits: the same answer, nothing more queued.
    now = new Date(NOW.getTime() + 60_000);
    expect(await syncNow(syncDeps, ctx, P, 'instagram')).toEqual({ queued: true });
    expect(queueSync).toHaveBeenCalledTimes(1);
    // Once a run finished, or the wait is over, a click queues again.
    const key = `${W}/${P}/instagram`;
    world.store.items.set(key, { ...world.store.items.get(key)!, lastSyncAt: new Date(NOW.getTime() + 90_000).toISOString() });
    now = new Date(NOW.getTime() + 120_000);
    await syncNow(syncDeps, ctx, P, 'instagram');
    expect(queueSync).toHaveBeenCalledTimes(2);
    now = new Date(now.getTime() + SYNC_NOW_PENDING_MINUTES * 60_000);
    await syncNow(syncDeps, ctx, P, 'instagram');
    expect(queueSync).toHaveBeenCalledTimes(3);
    // A queue that refuses leaves no mark: the next click tries at once.
    const failing = { ...syncDeps, queueSync: vi.fn(async () => Promise.reject(new Error('queue down'))) };
    now = new Date(now.getTime() + SYNC_NOW_PENDING_MINUTES * 60_000);
    await expect(syncNow(failing, ctx, P, 'instagram')).rejects.toThrow('queue down');
    expect(world.store.items.get(key)!.syncRequestedAt).toBeUndefined();
    expect(await refusal(() => syncNow(syncDeps, ctx, P, 'youtube'))).toMatchObject({ code: 'connection_not_found' });

    // The account's picture is shown from the server's copy (signed), never from the provider's address.
    world.store.items.set(key, { ...world.store.items.get(key)!, pictureKey: 'pictures/instagram', account: { ...world.store.items.get(key)!.account!, picture_url: 'https://cdn.example/p.jpg' } });
    const withPicture = (await listBrandConnections(deps, ctx, P)).items.find((c) => c.type === 'instagram')!;
    expect(withPicture.account?.picture_url).toBe('https://bucket.example/pictures/instagram?signed');
    world.store.items.set(key, { ...world.store.items.get(key)!, pictureKey: undefined });
    expect((await listBrandConnections(deps, ctx, P)).items.find((c) => c.type === 'instagram')!.account?.picture_url).toBeUndefined();
    world.store.items.set(key, { ...world.store.items.get(key)!, pictureKey: 'pictures/instagram' });

    await disconnect(deps, ctx, P, 'instagram');
    expect(world.store.items.size).toBe(0);
    expect(deleted).toEqual([['pictures/instagram']]);
    expect(await refusal(() => disconnect(deps, ctx, P, 'instagram'))).toMatchObject({ code: 'connection_not_found' });
  });
});

describe('withConnectionTokens', () => {
  const connected = async (expiresAt: string, type: ConnectionType = 'youtube') => {
    const world = setup();
    const item: ConnectionItem = {
      workspaceId: W,
      projectId: P,
      type,
      state: 'connected',
      contentPillars: [],
      syncDueAt: '2026-11-24T18:00:00.000Z',
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    };
    item.sealedSecrets = await seal({ access_token: 'AT-old', refresh_token: 'RT-1', access_token_expires_at: expiresAt }, connectionSealContext(item));
    await world.store.createConnection(item);
    const app = recordingApp();
    const deps: ConnectionTokenDeps = { clock: () => NOW, open, seal, oauthApp: () => app.app, getConnection: world.store.getConnection, updateConnection: world.store.updateConnection, retryTiming: instant };
    return { world, item, app, withTokens: connectionTokens(deps), stored: () => world.store.items.get(`${W}/${P}/${type}`)! };
  };

  it('uses a token that is not about to expire as it is', async () => {
    const { withTokens, item, app } = await connected('2026-11-24T12:30:00.000Z');
    const seen: string[] = [];
    expect(await withTokens(item, async (token) => (seen.push(token), { ok: true, value: 1 }))).toEqual({ ok: true, value: 1 });
    expect(seen).toEqual(['AT-old']);
    expect(app.calls.refresh).toEqual([]);
  });

  it('renews a token before it expires and stores the new set sealed', async () => {
    const { withTokens, item, app, stored } = await connected('2026-11-24T12:02:00.000Z');
    const seen: string[] = [];
    await withTokens(item, async (token) => (seen.push(token), { ok: true, value: 1 }));
    expect(app.calls.refresh).toHaveLength(1);
    expect(seen).toEqual(['AT-renewed']);
    expect(await open(stored().sealedSecrets!, connectionSealContext(item))).toEqual({ access_token: 'AT-renewed', refresh_token: 'RT-1', access_token_expires_at: '2026-11-24T14:00:00.000Z' });
  });

  it("renews Instagram's 60-day token in its last week", async () => {
    const { withTokens, item, app } = await connected('2026-11-30T12:00:00.000Z', 'instagram');
    await withTokens(item, async () => ({ ok: true, value: 1 }));
    expect(app.calls.refresh).toHaveLength(1);
  });

  it('a revoked token marks the connection needs_reconnect (outcome unauthorized, no next sync)', async () => {
    const { withTokens, item, stored } = await connected('2026-11-24T12:30:00.000Z');
    const answer = await withTokens(item, async () => ({ ok: false, error: 'Token revoked', retryable: false, unauthorized: true, status: 401, latencyMs: 2 }));
    expect(answer).toMatchObject({ ok: false, unauthorized: true });
    expect(stored()).toMatchObject({ state: 'needs_reconnect', lastSyncOutcome: 'unauthorized', lastSyncError: 'Token revoked' });
    expect(stored().syncDueAt).toBeUndefined();
  });

  it('a refused refresh marks it too, and a refresh then a refusal marks the renewed version', async () => {
    const refusedRefresh = await connected('2026-11-24T11:00:00.000Z');
    refusedRefresh.app.app.refresh = async () => ({ ok: false, error: 'invalid_grant', retryable: false, unauthorized: true, latencyMs: 1 });
    const fn = vi.fn(async () => ({ ok: true as const, value: 1 }));
    expect(await refusedRefresh.withTokens(refusedRefresh.item, fn)).toMatchObject({ ok: false, unauthorized: true });
    expect(fn).not.toHaveBeenCalled();
    expect(refusedRefresh.stored().state).toBe('needs_reconnect');

    const renewedThenRefused = await connected('2026-11-24T11:00:00.000Z');
    await renewedThenRefused.withTokens(renewedThenRefused.item, async () => ({ ok: false, error: 'revoked', retryable: false, unauthorized: true, latencyMs: 1 }));
    expect(renewedThenRefused.stored().state).toBe('needs_reconnect');
  });

  it('does not mark a connection whose tokens were replaced meanwhile (a reconnect won)', async () => {
    const { withTokens, item, world, stored } = await connected('2026-11-24T12:30:00.000Z');
    const reconnected = { ...stored(), sealedSecrets: 'sealed:other', updatedAt: '2026-11-24T12:00:01.000Z' };
    world.store.items.set(`${W}/${P}/youtube`, reconnected);
    await withTokens(item, async () => ({ ok: false, error: 'revoked', retryable: false, unauthorized: true, latencyMs: 1 }));
    expect(stored().state).toBe('connected');
  });
});

describe('derived content pillars', () => {
  it('are trimmed, cut to the limits and without repeats', () => {
    expect(pillarsOf(['  Recipes ', 'recipes', '', 'Behind   the scenes', 'x'.repeat(60), ...Array.from({ length: 12 }, (_, i) => `Theme ${i}`)])).toEqual([
      'Recipes',
      'Behind the scenes',
      'x'.repeat(40),
      ...Array.from({ length: 7 }, (_, i) => `Theme ${i}`),
    ]);
    expect(captionsVariable(['Sourdough\nat 5 am  ', '   ', 'y'.repeat(600)])).toBe(`Sourdough at 5 am\n${'y'.repeat(500)}`);
  });

  it('fill an empty list only: the team’s own pillars are kept', async () => {
    const world = setup();
    const { state } = await consent(world, 'instagram');
    await completeConnection(world.complete, ALICE, { state, code: 'c' });
    const deps = { ...world.store, clock: () => NOW, retryTiming: instant };
    const brand = { workspaceId: W, projectId: P };
    expect(await storeDerivedPillars(deps, brand, 'instagram', ['Bread', 'Team'])).toBe('stored');
    expect(world.store.items.get(`${W}/${P}/instagram`)!.contentPillars).toEqual(['Bread', 'Team']);
    expect(await storeDerivedPillars(deps, brand, 'instagram', ['Other'])).toBe('kept');
    expect(await storeDerivedPillars(deps, brand, 'youtube', ['Other'])).toBe('kept');
  });

  it('are asked for once an Instagram consent completes; a failure there still connects', async () => {
    const asked: unknown[] = [];
    const world = setup();
    world.complete.derivePillars = async (_ctx, input) => void asked.push(input);
    const ig = await consent(world, 'instagram');
    await completeConnection(world.complete, ALICE, { state: ig.state, code: 'c' });
    expect(asked).toEqual([{ projectId: P, type: 'instagram', accessToken: 'AT-secret-1' }]);
    const yt = await consent(world, 'youtube');
    await completeConnection(world.complete, ALICE, { state: yt.state, code: 'c' });
    expect(asked).toHaveLength(1);

    const failing = setup();
    failing.complete.derivePillars = async () => {
      throw new Error('media not read');
    };
    const again = await consent(failing, 'instagram');
    expect((await completeConnection(failing.complete, ALICE, { state: again.state, code: 'c' })).connection.state).toBe('connected');
  });
});
