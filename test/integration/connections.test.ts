import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ConnectionType } from '#shared/schemas/connections';
import { api, userWithWorkspace, type ApiAnswer } from './support/api';
import { setClock } from './support/billing';
import { control, eventually } from './support/deliveries';
import { completeConsent, consentAt } from './support/integrations';
import { connectAccount, connectionsPath, startConnect as startConnectAs } from './support/connections';
import { joinWorkspace, type TeamUser } from './support/team';
import { newBrand as newBrandOf } from './support/imports';

/**
 * Connected accounts end to end against the local fakes (Instagram, Google for YouTube and Drive): the consent's
 * `conn.` state (forged, replayed, expired, another person's: refused), PKCE on Google, tokens that never leave the
 * server (every route's JSON checked), renewal before expiry, a revoked token turning into "reconnect", the
 * workspace wall on every route, and a disconnect that deletes the tokens.
 */
type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;
let owner: Owner;
let mallory: Owner;
let colleague: TeamUser;

/** Every answer of a connection route this file saw: none may carry a token, whatever the route. */
const seen: { route: string; body: unknown }[] = [];
const TOKEN_TEXT = /access_token|refresh_token|sealed|secret|verifier|ya29\.|IGAA|IGQ\.|bs1\./i;
const record = (route: string, answer: ApiAnswer) => {
  seen.push({ route, body: answer.body });
  return answer;
};

const newBrand = (who: { token: string; workspaceId: string } = owner) => newBrandOf(who);
const list = async (projectId: string, who: { token: string } = owner) => record('list-connections', await api('GET', connectionsPath(owner, projectId), { token: who.token }));
const listed = async (projectId: string, type: ConnectionType) => (await list(projectId)).body.items.find((item: { type: string }) => item.type === type);
/** A consent link (its answer recorded like every other route's). */
const startConnect = async (who: { token: string; workspaceId: string }, projectId: string, type: ConnectionType) => {
  const url = await startConnectAs(who, projectId, type);
  seen.push({ route: 'connect-connection', body: { authorize_url: url } });
  return url;
};
const connect = async (projectId: string, type: ConnectionType) => record('complete-connection-oauth', await connectAccount(owner, projectId, type));
const complete = async (token: string, back: { state: string; code?: string; error?: string }) => record('complete-connection-oauth', await completeConsent(token, back));
const sync = async (projectId: string, type: ConnectionType) => record('sync-connection', await api('POST', `${connectionsPath(owner, projectId)}/${type}/sync`, { token: owner.token }));

/** The table, read directly (the functions' own data layer, pointed at the test stack). */
const data = async () => {
  Object.assign(process.env, inject('functionEnv'));
  return Promise.all([import('#data/connections'), import('#data/integrations'), import('#core/integrations/oauth')]);
};
const stored = async (projectId: string, type: ConnectionType) => {
  const [{ getConnection }] = await data();
  return getConnection({ workspaceId: owner.workspaceId, projectId }, type);
};

type Received = { method: string; path: string; status: number | null };
const received = async (fake: string) => (await control('GET', `/received.json?fake=${fake}`)) as Received[];
const tokenGrants = async () => (await received('google')).filter((call) => call.method === 'POST' && call.path.endsWith('/token') && call.status === 200).length;

beforeAll(async () => {
  [owner, mallory] = await Promise.all([userWithWorkspace('connector'), userWithWorkspace('mallory')]);
  colleague = await joinWorkspace(owner, owner.workspaceId, 'admin');
}, 120_000);

afterEach(async () => {
  await setClock(0);
  await control('DELETE', '/failures');
});

describe('connecting an account', () => {
  it('Instagram: a conn. state, Allow at the consent, the account record stored, a first sync queued and content pillars derived', async () => {
    const projectId = await newBrand();
    const authorizeUrl = await startConnect(owner, projectId, 'instagram');
    const state = new URL(authorizeUrl).searchParams.get('state')!;
    expect(state).toMatch(/^conn\.[A-Za-z0-9_-]{43}$/);
    expect(await listed(projectId, 'instagram')).toEqual({ type: 'instagram', state: 'pending_oauth', content_pillars: [] });

    const done = await complete(owner.token, await consentAt(authorizeUrl, 'allow'));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      workspace_uid: owner.workspaceId,
      project_uid: projectId,
      connection: { type: 'instagram', state: 'connected', account: { external_id: expect.any(String), username: expect.any(String), followers: expect.any(Number), url: expect.any(String) }, content_pillars: [], connected_at: expect.any(String) },
    });
    // The first sync runs from the queue: the list shows its outcome.
    const synced = await eventually(() => listed(projectId, 'instagram'), (item) => item.last_sync_outcome !== undefined, 30_000, 'first sync');
    expect(synced).toMatchObject({ state: 'connected', last_sync_outcome: 'ok' });
    // Its content pillars come from the recent captions through the AI port (the local test model here).
    const derived = await eventually(() => listed(projectId, 'instagram'), (item) => item.content_pillars.length > 0, 30_000, 'derived pillars');
    expect(derived.content_pillars.length).toBeLessThanOrEqual(10);
    for (const pillar of derived.content_pillars) expect(pillar).toMatch(/^\S(.{0,38}\S)?$/);

    const item = (await stored(projectId, 'instagram'))!;
    expect(item.sealedSecrets).toMatch(/^bs1\./);
    expect(item.oauthStateHash).toBeUndefined();
  });

  it('YouTube: the consent carries the S256 challenge of a verifier kept with the state; the code is exchanged with that verifier only', async () => {
    const [, { takeOAuthState, putOAuthState }, { hashState }] = await data();
    const projectId = await newBrand();
    /** A consent link and the stored state it goes with (taken: a take deletes it; the test puts back what it wants). */
    const consentWithState = async () => {
      const authorizeUrl = new URL(await startConnect(owner, projectId, 'youtube'));
      const kept = (await takeOAuthState(hashState(authorizeUrl.searchParams.get('state')!)))!;
      return { authorizeUrl, kept };
    };

    const tampered = await consentWithState();
    expect(tampered.authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(tampered.authorizeUrl.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/youtube.readonly');
    expect(tampered.kept.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createHash('sha256').update(tampered.kept.codeVerifier!).digest('base64url')).toBe(tampered.authorizeUrl.searchParams.get('code_challenge'));
    expect(tampered.authorizeUrl.toString()).not.toContain(tampered.kept.codeVerifier);
    // Another verifier with the state: Google's fake refuses the exchange (what it sends is what Google checks).
    await putOAuthState({ ...tampered.kept, codeVerifier: randomBytes(32).toString('base64url') });
    const refused = await complete(owner.token, await consentAt(tampered.authorizeUrl.toString(), 'allow'));
    expect(refused).toMatchObject({ status: 400, body: { code: 'integration_oauth_invalid', field: 'code' } });

    const honest = await consentWithState();
    await putOAuthState(honest.kept);
    const done = await complete(owner.token, await consentAt(honest.authorizeUrl.toString(), 'allow'));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.connection).toMatchObject({ type: 'youtube', state: 'connected', account: { username: expect.any(String) } });
  });

  it('a declined consent connects nothing', async () => {
    const projectId = await newBrand();
    const back = await consentAt(await startConnect(owner, projectId, 'instagram'), 'deny');
    const declined = await complete(owner.token, back);
    expect(declined).toMatchObject({ status: 400, body: { code: 'integration_oauth_declined' } });
    expect(await listed(projectId, 'instagram')).toEqual({ type: 'instagram', state: 'not_connected', content_pillars: [] });
  });
});

describe('the OAuth state', () => {
  it('refuses a forged state, a replayed one, another person’s and an expired one', async () => {
    const projectId = await newBrand();
    const forged = await complete(owner.token, { state: `conn.${randomBytes(32).toString('base64url')}`, code: 'made-up' });
    expect(forged).toMatchObject({ status: 400, body: { code: 'integration_oauth_invalid', field: 'state' } });

    const back = await consentAt(await startConnect(owner, projectId, 'instagram'), 'allow');
    expect((await complete(owner.token, back)).status).toBe(200);
    const replayed = await complete(owner.token, back);
    expect(replayed).toMatchObject({ status: 400, body: { code: 'integration_oauth_invalid', field: 'state' } });

    // A colleague (admin of the same workspace) cannot finish a consent someone else started.
    const othersBack = await consentAt(await startConnect(owner, projectId, 'youtube'), 'allow');
    expect(await complete(colleague.token, othersBack)).toMatchObject({ status: 400, body: { code: 'integration_oauth_invalid', field: 'state' } });
    // A state is its starter's only: Alice cannot finish a consent Mallory started (in another workspace).
    const malloryBrand = await newBrand(mallory);
    const malloryBack = await consentAt(await startConnect(mallory, malloryBrand, 'drive'), 'allow');
    expect(await complete(owner.token, malloryBack)).toMatchObject({ status: 400, body: { code: 'integration_oauth_invalid' } });

    const late = await consentAt(await startConnect(owner, projectId, 'drive'), 'allow');
    await setClock(31 * 60_000);
    expect(await complete(owner.token, late)).toMatchObject({ status: 400, body: { code: 'integration_oauth_invalid', field: 'state' } });
    await setClock(0);
    expect(await listed(projectId, 'drive')).toMatchObject({ state: 'pending_oauth' });
  });

  it("an integration's completion does not take a connection's state, nor the other way round", async () => {
    const projectId = await newBrand();
    const back = await consentAt(await startConnect(owner, projectId, 'youtube'), 'allow');
    const wrongRoute = await api('POST', '/integrations/oauth/complete', { token: owner.token, body: { state: back.state, code: back.code } });
    expect(wrongRoute).toMatchObject({ status: 400, body: { code: 'integration_oauth_invalid' } });
    const integration = await api('POST', `/workspaces/${owner.workspaceId}/projects/${projectId}/integrations`, { token: owner.token, body: { type: 'calendar', name: 'Cal', settings: {} } });
    const calendarBack = await consentAt(integration.body.authorize_url, 'allow');
    const asConnection = await api('POST', '/connections/oauth/complete', { token: owner.token, body: { state: calendarBack.state, code: calendarBack.code } });
    expect(asConnection).toMatchObject({ status: 400, body: { code: 'integration_oauth_invalid', field: 'state' } });
  });
});

describe('tokens over time', () => {
  it('renews a Google token before it expires (a sync an hour later uses the refresh grant and stays connected)', async () => {
    const projectId = await newBrand();
    await connect(projectId, 'youtube');
    await eventually(() => listed(projectId, 'youtube'), (item) => item.last_sync_outcome === 'ok', 30_000, 'first sync');
    const before = (await stored(projectId, 'youtube'))!;
    const grantsBefore = await tokenGrants();
    await setClock(56 * 60_000);
    expect((await sync(projectId, 'youtube')).status).toBe(202);
    await eventually(() => stored(projectId, 'youtube'), (item) => item!.sealedSecrets !== before.sealedSecrets && item!.lastSyncAt !== before.lastSyncAt, 30_000, 'renewed tokens');
    const after = (await stored(projectId, 'youtube'))!;
    expect(after).toMatchObject({ state: 'connected', lastSyncOutcome: 'ok' });
    expect(await tokenGrants()).toBe(grantsBefore + 1);
  });

  it('a revoked token shows "reconnect" instead of failing silently, and a reconnect brings the account back', async () => {
    const projectId = await newBrand();
    await connect(projectId, 'instagram');
    await eventually(() => listed(projectId, 'instagram'), (item) => item.last_sync_outcome !== undefined, 30_000, 'first sync');
    const [{ listSyncDue }] = await data();
    /** Whether the sync job would find this brand's account (bySyncDue up to a day ahead, read to its end). */
    const scheduled = async () => (await listSyncDue(new Date(Date.now() + 86_400_000).toISOString(), 1000)).some((item) => item.projectId === projectId && item.type === 'instagram');
    expect(await scheduled()).toBe(true);
    await control('POST', '/instagram/revoke');
    expect((await sync(projectId, 'instagram')).status).toBe(202);
    const marked = await eventually(() => listed(projectId, 'instagram'), (item) => item.state === 'needs_reconnect', 30_000, 'needs_reconnect');
    expect(marked).toMatchObject({ state: 'needs_reconnect', last_sync_outcome: 'unauthorized', account: { username: expect.any(String) } });
    expect((await stored(projectId, 'instagram'))!.syncDueAt).toBeUndefined();
    expect(await scheduled()).toBe(false);
    expect(await sync(projectId, 'instagram')).toMatchObject({ status: 409, body: { code: 'connection_needs_reconnect' } });

    await connect(projectId, 'instagram');
    expect(await listed(projectId, 'instagram')).toMatchObject({ state: 'connected' });
    expect(await scheduled()).toBe(true);
    expect((await listed(projectId, 'instagram')).last_sync_outcome).not.toBe('unauthorized');
  });
});

describe('managing a connection', () => {
  it('edits the content pillars, and disconnecting deletes the connection with its tokens (synced posts stay)', async () => {
    const projectId = await newBrand();
    await connect(projectId, 'instagram');
    const edited = record('update-connection', await api('PATCH', `${connectionsPath(owner, projectId)}/instagram`, { token: owner.token, body: { content_pillars: ['Recipes', 'Team'] } }));
    expect(edited.body).toMatchObject({ type: 'instagram', state: 'connected', content_pillars: ['Recipes', 'Team'] });
    const duplicate = await api('PATCH', `${connectionsPath(owner, projectId)}/instagram`, { token: owner.token, body: { content_pillars: ['Team', 'team'] } });
    expect(duplicate).toMatchObject({ status: 400, body: { field: 'content_pillars.1' } });
    expect(await api('PATCH', `${connectionsPath(owner, projectId)}/drive`, { token: owner.token, body: { content_pillars: ['x'] } })).toMatchObject({ status: 400, body: { code: 'connection_not_social' } });

    await eventually(() => listed(projectId, 'instagram'), (item) => item.last_sync_outcome === 'ok', 30_000, 'first sync');
    const posts = await api('GET', `/workspaces/${owner.workspaceId}/projects/${projectId}/posts`, { token: owner.token });
    const disconnected = record('delete-connection', await api('DELETE', `${connectionsPath(owner, projectId)}/instagram`, { token: owner.token }));
    expect(disconnected.status).toBe(204);
    expect(await stored(projectId, 'instagram')).toBeUndefined();
    expect(await listed(projectId, 'instagram')).toEqual({ type: 'instagram', state: 'not_connected', content_pillars: [] });
    expect(await api('DELETE', `${connectionsPath(owner, projectId)}/instagram`, { token: owner.token })).toMatchObject({ status: 404, body: { code: 'connection_not_found' } });
    const postsAfter = await api('GET', `/workspaces/${owner.workspaceId}/projects/${projectId}/posts`, { token: owner.token });
    const uids = (answer: ApiAnswer) => (answer.body.items as { uid: string }[]).map((post) => post.uid);
    expect(uids(posts).length).toBeGreaterThan(0);
    expect(uids(postsAfter)).toEqual(uids(posts));
  });

  it("a deleted workspace takes its brands' connections and their tokens with it", async () => {
    const second = await api('POST', '/workspaces', { token: mallory.token, body: { name: 'Mal to delete' } });
    const doomed = { token: mallory.token, workspaceId: second.body.workspaces.uid as string };
    const projectId = await newBrand(doomed);
    expect((await connectAccount(doomed, projectId, 'drive')).body.connection).toMatchObject({ type: 'drive', state: 'connected' });
    const [{ getConnection }] = await data();
    expect(await getConnection({ workspaceId: doomed.workspaceId, projectId }, 'drive')).toMatchObject({ sealedSecrets: expect.stringMatching(/^bs1\./) });
    expect((await api('DELETE', `/workspaces/${doomed.workspaceId}`, { token: mallory.token })).status).toBe(204);
    expect(await getConnection({ workspaceId: doomed.workspaceId, projectId }, 'drive')).toBeUndefined();
  });

  it('sync now: only for a connected Instagram or YouTube account', async () => {
    const projectId = await newBrand();
    expect(await sync(projectId, 'youtube')).toMatchObject({ status: 404, body: { code: 'connection_not_found' } });
    expect(await sync(projectId, 'drive')).toMatchObject({ status: 400, body: { code: 'connection_not_social' } });
    await startConnect(owner, projectId, 'youtube');
    expect(await sync(projectId, 'youtube')).toMatchObject({ status: 409, body: { code: 'connection_not_connected' } });
  });
});

describe('the workspace wall', () => {
  it('answers 403 on every connection route to a member of another workspace, and changes nothing', async () => {
    const projectId = await newBrand();
    await connect(projectId, 'youtube');
    const base = connectionsPath(owner, projectId);
    const calls: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
      ['list-connections', 'GET', base],
      ['connect-connection', 'POST', `${base}/youtube/connect`],
      ['update-connection', 'PATCH', `${base}/youtube`, { content_pillars: ['Mine'] }],
      ['delete-connection', 'DELETE', `${base}/youtube`],
      ['sync-connection', 'POST', `${base}/youtube/sync`],
    ];
    for (const [route, method, path, body] of calls) {
      const answer = record(route, await api(method, path, { token: mallory.token, ...(body ? { body } : {}) }));
      expect(answer.status, `${route}: ${JSON.stringify(answer.body)}`).toBe(403);
      expect(answer.body.code).toBe('forbidden');
    }
    expect(await listed(projectId, 'youtube')).toMatchObject({ state: 'connected', content_pillars: [] });
  });
});

describe('tokens never leave the server', () => {
  it('no answer of any connection route carried a token, a sealed value or a verifier', () => {
    const routes = new Set(seen.map((entry) => entry.route));
    expect([...routes].sort()).toEqual(['complete-connection-oauth', 'connect-connection', 'delete-connection', 'list-connections', 'sync-connection', 'update-connection']);
    for (const { route, body } of seen) expect(JSON.stringify(body ?? {}), route).not.toMatch(TOKEN_TEXT);
  });
});
