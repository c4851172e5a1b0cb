import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, baseUrl, userWithWorkspace, type ApiAnswer } from './support/api';
import { joinWorkspace, type TeamUser } from './support/team';
import { completeConsent, consentAt } from './support/integrations';

/**
 * Integrations of a brand, end to end against the local stack and its fake providers: connect each of the six
 * kinds, list, edit, remove; the completeness rule naming the missing field; the provider's refusals; a webhook's
 * signing secret answered once and rotated; who may see and who may change them; the OAuth consent against the
 * fakes (allowed, replayed, declined); and no secret in any answer, ever.
 */
type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;
let owner: Owner;
let member: TeamUser;
let outsiderMember: TeamUser;
let projectId: string;
let base: string;

/** Origin of the fake providers (the functions are pointed at them). */
const fakes = () => new URL(inject('functionEnv').MONDAY_API_URL!).origin;
const control = (path: string, init: RequestInit = {}) => fetch(`${baseUrl()}/_local/integrations${path}`, init);
const failNext = (fake: string, spec: Record<string, number>) =>
  control(`/failures/${fake}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate: 1, times: 1, ...spec }) });

/** Every answer of this file, so the last test can look for a secret in any of them. */
const answers: string[] = [];
const call = async (method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<ApiAnswer> => {
  const answer = await api(method, path, { token: options.token ?? owner.token, body: options.body });
  answers.push(JSON.stringify(answer.body ?? null));
  return answer;
};

const JIRA_TOKEN = 'local-jira-api-token';
const MONDAY_TOKEN = 'local-monday-api-token';
/** Secrets typed in or made during the run; none may come back in any answer (a webhook's own create/rotate answer aside). */
const secrets: string[] = [JIRA_TOKEN, MONDAY_TOKEN];
const onceShown = new Set<string>();

beforeAll(async () => {
  owner = await userWithWorkspace('integrations', 'Integrations studio');
  [member, outsiderMember] = await Promise.all([
    joinWorkspace(owner, owner.workspaceId, 'member', 'granted-member'),
    joinWorkspace(owner, owner.workspaceId, 'member', 'other-member'),
  ]);
  const project = await api('POST', `/workspaces/${owner.workspaceId}/projects`, { token: owner.token, body: { name: `Launch ${randomUUID().slice(0, 6)}` } });
  projectId = project.body.uid;
  await api('POST', `/workspaces/${owner.workspaceId}/projects/${projectId}/users`, { token: owner.token, body: { userId: member.userId } });
  base = `/workspaces/${owner.workspaceId}/projects/${projectId}/integrations`;
}, 120_000);

describe('connecting each kind', () => {
  it('email: create, list, edit, remove; the project list follows', async () => {
    const created = await call('POST', base, { body: { type: 'email', name: 'Editors', settings: { recipients: ['ed@example.com'] } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ type: 'email', state: 'connected', secret_hint: {} });
    const uid = created.body.uid;

    const projects = await call('GET', `/workspaces/${owner.workspaceId}/projects`);
    expect(projects.body.find((p: { uid: string }) => p.uid === projectId).integrations).toContainEqual({ type: 'email', uid });

    const edited = await call('PUT', `${base}/${uid}`, { body: { settings: { recipients: ['ed@example.com', 'copy@example.com'] } } });
    expect(edited.body.settings).toEqual({ recipients: ['ed@example.com', 'copy@example.com'] });
    expect((await call('GET', base)).body.find((i: { uid: string }) => i.uid === uid).settings.recipients).toHaveLength(2);

    expect((await call('DELETE', `${base}/${uid}`)).status).toBe(204);
    expect((await call('GET', base)).body.map((i: { uid: string }) => i.uid)).not.toContain(uid);
    const after = await call('GET', `/workspaces/${owner.workspaceId}/projects`);
    expect(after.body.find((p: { uid: string }) => p.uid === projectId).integrations).not.toContainEqual({ type: 'email', uid });
    expect((await call('DELETE', `${base}/${uid}`)).body.code).toBe('integration_not_found');
  });

  it('jira with an API token: checked with Jira, the token only as a hint', async () => {
    const created = await call('POST', base, {
      body: {
        type: 'jira', name: 'Marketing Jira',
        settings: { auth: 'token', site_url: `${fakes()}/jira`, project_key: 'MKT', issue_type: 'Task', epic_required: true },
        secrets: { email: 'ops@example.com', api_token: JIRA_TOKEN },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.secret_hint).toEqual({ email: expect.stringMatching(/^••••/), api_token: '••••oken' });
    // A name change keeps the stored token (not sent again).
    const renamed = await call('PUT', `${base}/${created.body.uid}`, { body: { name: 'MKT board' } });
    expect(renamed.body).toMatchObject({ name: 'MKT board', state: 'connected', secret_hint: created.body.secret_hint });
  });

  it('jira: a wrong token is refused on the token field; a 403 says Jira admin rights may be needed; nothing is saved', async () => {
    const before = (await call('GET', base)).body.length;
    const body = (token: string) => ({
      type: 'jira', name: 'Refused', settings: { auth: 'token', site_url: `${fakes()}/jira`, project_key: 'MKT', issue_type: 'Task' }, secrets: { email: 'ops@example.com', api_token: token },
    });
    const wrong = await call('POST', base, { body: body('not-the-token') });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'integration_provider_refused', field: 'secrets.api_token' });

    await failNext('jira', { status: 403 });
    const forbidden = await call('POST', base, { body: body(JIRA_TOKEN) });
    expect(forbidden.body).toMatchObject({ code: 'jira_admin_required', message: expect.stringContaining('Jira admin rights') });

    await failNext('jira', { status: 503 });
    const down = await call('POST', base, { body: body(JIRA_TOKEN) });
    expect(down.status).toBe(502);
    expect(down.body.code).toBe('integration_provider_error');
    expect((await call('GET', base)).body).toHaveLength(before);
  });

  it('slack with an incoming webhook, and monday with a token, board and group', async () => {
    const slack = await call('POST', base, {
      body: { type: 'slack', name: 'Slack #launch', settings: { mode: 'webhook', channel: '#launch' }, secrets: { webhook_url: `${fakes()}/slack/services/T0LOCAL001/B0LOCAL001/localwebhooksecret000001` } },
    });
    expect(slack.status, JSON.stringify(slack.body)).toBe(201);
    expect(Object.keys(slack.body.secret_hint)).toEqual(['webhook_url']);
    secrets.push('localwebhooksecret000001');

    const monday = await call('POST', base, {
      body: { type: 'monday', name: 'Content board', settings: { board_id: '1234567890', group_id: 'topics' }, secrets: { api_token: MONDAY_TOKEN } },
    });
    expect(monday.status, JSON.stringify(monday.body)).toBe(201);
    expect(monday.body.secret_hint).toEqual({ api_token: '••••oken' });
  });

  it('webhook: the signing secret once, a test delivery the receiver verifies, a rotation with both secrets valid', async () => {
    const receiver = `crud-${randomUUID().slice(0, 8)}`;
    const created = await call('POST', base, { body: { type: 'webhook', name: 'Our receiver', settings: { url: `${fakes()}/webhook/${receiver}`, headers: { 'X-Team': 'launch' } } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const secret: string = created.body.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    onceShown.add(secret);
    expect(created.body.secret_hint).toEqual({ signing_secret: `••••${secret.slice(-4)}` });
    await control(`/webhooks/${receiver}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ secret }) });

    const listed = await call('GET', base);
    expect(listed.body.find((i: { uid: string }) => i.uid === created.body.uid).secret).toBeUndefined();

    const tested = await call('POST', `${base}/${created.body.uid}/test`);
    expect(tested.body).toMatchObject({ ok: true, http_status: expect.any(Number), error: null });

    const rotated = await call('PUT', `${base}/${created.body.uid}`, { body: { rotate_secret: true } });
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    onceShown.add(rotated.body.secret);
    // The receiver still knows only the old secret: the delivery carries both signatures, so it verifies.
    const afterRotation = await call('POST', `${base}/${created.body.uid}/test`);
    expect(afterRotation.body, JSON.stringify(afterRotation.body)).toMatchObject({ ok: true });

    const notWebhook = await call('GET', base);
    const email = notWebhook.body.find((i: { type: string }) => i.type !== 'webhook');
    if (email) expect((await call('PUT', `${base}/${email.uid}`, { body: { rotate_secret: true } })).body).toMatchObject({ code: 'bad_request', field: 'rotate_secret' });
  });
});

describe('bad and incomplete settings', () => {
  it.each([
    [{ type: 'email', name: 'No one', settings: {} }, 'settings.recipients'],
    [{ type: 'jira', name: 'Half', settings: { auth: 'token', site_url: 'https://acme.atlassian.net', project_key: 'MKT', issue_type: 'Task' }, secrets: { email: 'a@example.com' } }, 'secrets.api_token'],
    [{ type: 'monday', name: 'No board', settings: {}, secrets: { api_token: MONDAY_TOKEN } }, 'settings.board_id'],
    [{ type: 'slack', name: 'No way', settings: { channel: '#x' } }, 'settings.mode'],
    [{ type: 'webhook', name: 'Nowhere', settings: {} }, 'settings.url'],
  ])('%j is integration_incomplete naming %s', async (body, field) => {
    const answer = await call('POST', base, { body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'integration_incomplete', message: 'The entered data is incomplete. Please fill in all the required fields.', field });
  });

  it("an edit's settings are checked against the integration's own type", async () => {
    const created = await call('POST', base, { body: { type: 'email', name: 'Typed', settings: { recipients: ['t@example.com'] } } });
    const wrong = await call('PUT', `${base}/${created.body.uid}`, { body: { settings: { recipients: 'not-a-list' } } });
    expect(wrong.body).toMatchObject({ code: 'bad_request', field: 'settings.recipients' });
    const emptied = await call('PUT', `${base}/${created.body.uid}`, { body: { settings: { recipients: [] } } });
    expect(emptied.body).toMatchObject({ code: 'integration_incomplete', field: 'settings.recipients' });
    const badUrl = await call('POST', base, { body: { type: 'webhook', name: 'Hook', settings: { url: 'ftp://example.com/x' } } });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.field).toMatch(/^settings\.url/);
  });

  it('a webhook to a private address is refused on its url, nothing saved', async () => {
    const answer = await call('POST', base, { body: { type: 'webhook', name: 'Metadata', settings: { url: 'http://169.254.169.254/latest/meta-data' } } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'integration_provider_refused', field: 'settings.url' });
  });
});

describe('who may see and change them', () => {
  it('a member granted the brand lists them but may not connect, edit or remove', async () => {
    const listed = await call('GET', base, { token: member.token });
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThan(0);
    const create = await call('POST', base, { token: member.token, body: { type: 'email', name: 'Mine', settings: { recipients: ['m@example.com'] } } });
    expect(create.body.code).toBe('project_admin_required');
    const uid = listed.body[0].uid;
    expect((await call('PUT', `${base}/${uid}`, { token: member.token, body: { name: 'Mine' } })).body.code).toBe('project_admin_required');
    expect((await call('DELETE', `${base}/${uid}`, { token: member.token })).body.code).toBe('project_admin_required');
    expect((await call('POST', `${base}/${uid}/test`, { token: member.token })).body.code).toBe('project_admin_required');
  });

  it('a workspace member without access to the brand finds no project', async () => {
    const answer = await call('GET', base, { token: outsiderMember.token });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('project_not_found');
  });

  it('a brand that does not exist has no integrations, even for an admin', async () => {
    expect((await call('GET', `/workspaces/${owner.workspaceId}/projects/nope123/integrations`)).body.code).toBe('project_not_found');
  });
});

describe('OAuth consent (Google Calendar against the local fake)', () => {
  const startCalendar = async () => {
    const created = await call('POST', base, { body: { type: 'calendar', name: `Calendar ${randomUUID().slice(0, 4)}`, settings: {} } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.state).toBe('pending_oauth');
    return created.body as { uid: string; authorize_url: string };
  };

  it('authorize URL → consent → complete: connected, calendars listed, the state works once', async () => {
    const { uid, authorize_url } = await startCalendar();
    const consent = new URL(authorize_url);
    expect(consent.searchParams.get('redirect_uri')).toBe(`${inject('functionEnv').APP_URL!.replace(/\/$/, '')}/integration-success`);

    const back = await consentAt(authorize_url, 'allow');
    const done = await completeConsent(owner.token, back);
    answers.push(JSON.stringify(done.body));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ workspace_uid: owner.workspaceId, project_uid: projectId, integration: { uid, state: 'connected' } });
    expect(Object.keys(done.body.integration.secret_hint).sort()).toEqual(expect.arrayContaining(['access_token']));

    const calendars = await call('GET', `${base}/${uid}/calendars`);
    expect(calendars.status, JSON.stringify(calendars.body)).toBe(200);
    expect(calendars.body).toContainEqual(expect.objectContaining({ primary: true }));
    const chosen = await call('PUT', `${base}/${uid}`, { body: { settings: { calendar_id: calendars.body[0].id } } });
    expect(chosen.body).toMatchObject({ state: 'connected', settings: { calendar_id: calendars.body[0].id } });

    const replay = await completeConsent(owner.token, back);
    expect(replay.body).toMatchObject({ code: 'integration_oauth_invalid', field: 'state' });
  });

  it('a declined consent connects nothing; reconnect gives a new link and only the newest completes', async () => {
    const { uid, authorize_url } = await startCalendar();
    const declined = await completeConsent(owner.token, await consentAt(authorize_url, 'deny'));
    expect(declined.body).toMatchObject({ code: 'integration_oauth_declined' });
    expect((await call('GET', base)).body.find((i: { uid: string }) => i.uid === uid).state).toBe('pending_oauth');

    const first = await call('POST', `${base}/${uid}/reconnect`);
    const second = await call('POST', `${base}/${uid}/reconnect`);
    const older = await consentAt(first.body.authorize_url, 'allow');
    expect((await completeConsent(owner.token, older)).body.code).toBe('integration_oauth_invalid');
    const newer = await completeConsent(owner.token, await consentAt(second.body.authorize_url, 'allow'));
    expect(newer.body.integration).toMatchObject({ uid, state: 'connected' });
  });

  it('Jira and Slack connect through their own consents too (Atlassian 3LO fills the site; a Slack bot install)', async () => {
    const jira = await call('POST', base, { body: { type: 'jira', name: 'Jira by OAuth', settings: { auth: 'oauth', project_key: 'WEB', issue_type: 'Task' } } });
    expect(jira.status, JSON.stringify(jira.body)).toBe(201);
    const jiraDone = await completeConsent(owner.token, await consentAt(jira.body.authorize_url, 'allow'));
    answers.push(JSON.stringify(jiraDone.body));
    expect(jiraDone.body.integration, JSON.stringify(jiraDone.body)).toMatchObject({ state: 'connected', settings: { auth: 'oauth', project_key: 'WEB', site_url: expect.any(String) } });

    const slack = await call('POST', base, { body: { type: 'slack', name: 'Slack bot', settings: { mode: 'bot', channel: '#general' } } });
    expect(slack.status, JSON.stringify(slack.body)).toBe(201);
    const slackDone = await completeConsent(owner.token, await consentAt(slack.body.authorize_url, 'allow'));
    answers.push(JSON.stringify(slackDone.body));
    expect(slackDone.body.integration, JSON.stringify(slackDone.body)).toMatchObject({ state: 'connected' });
    const tested = await call('POST', `${base}/${slack.body.uid}/test`);
    expect(tested.body, JSON.stringify(tested.body)).toMatchObject({ ok: true, link: expect.stringContaining('/slack/archives/') });
  });

  it("someone else cannot complete another person's consent", async () => {
    const { authorize_url } = await startCalendar();
    const back = await consentAt(authorize_url, 'allow');
    const stolen = await completeConsent(member.token, back);
    expect(stolen.body).toMatchObject({ code: 'integration_oauth_invalid' });
  });

  it('a pending calendar has no calendars to list yet, and an email integration none at all', async () => {
    const { uid } = await startCalendar();
    expect((await call('GET', `${base}/${uid}/calendars`)).body.code).toBe('integration_needs_reconnect');
    expect((await call('POST', `${base}/${uid}/test`)).body.code).toBe('integration_needs_reconnect');
  });
});

describe('at the data layer', () => {
  let data: typeof import('#data/integrations');
  let forDelivery: typeof import('#data/integrations-for-delivery');

  beforeAll(async () => {
    // Against the stack's DynamoDB Local and its local secrets key, from this process.
    Object.assign(process.env, inject('functionEnv'));
    [data, forDelivery] = await Promise.all([import('#data/integrations'), import('#data/integrations-for-delivery')]);
  });

  it('hands a delivery the settings and opened secrets, the previous webhook secret only while it overlaps', async () => {
    const created = await call('POST', base, { body: { type: 'webhook', name: 'For delivery', settings: { url: `${fakes()}/webhook/data-${randomUUID().slice(0, 6)}` } } });
    const rotated = await call('PUT', `${base}/${created.body.uid}`, { body: { rotate_secret: true } });
    onceShown.add(created.body.secret).add(rotated.body.secret);
    const ctx = { workspaceId: owner.workspaceId };

    const [now] = await forDelivery.getIntegrationsForDelivery(ctx, projectId, [created.body.uid, 'not-an-integration']);
    expect(now).toMatchObject({ uid: created.body.uid, type: 'webhook', state: 'connected', settings: { url: expect.stringContaining('/webhook/data-') } });
    expect(now!.secrets).toEqual({ signing_secret: rotated.body.secret, previous_signing_secret: created.body.secret });

    const dayAfter = new Date(Date.now() + 25 * 3_600_000);
    const [later] = await forDelivery.getIntegrationsForDelivery(ctx, projectId, [created.body.uid], dayAfter);
    expect(later!.secrets).toEqual({ signing_secret: rotated.body.secret });
    // Stored sealed: the item holds neither secret in the clear.
    expect(JSON.stringify(await data.getIntegrationItem(ctx, projectId, created.body.uid))).not.toContain(rotated.body.secret.slice(6));
  });

  it("a deleted workspace's integrations are purged with it", async () => {
    const doomed = await userWithWorkspace('doomed', 'Doomed studio');
    await api('POST', '/workspaces', { token: doomed.token, body: { name: 'Kept studio' } });
    const brand = await api('POST', `/workspaces/${doomed.workspaceId}/projects`, { token: doomed.token, body: { name: 'Doomed brand' } });
    const hook = await api('POST', `/workspaces/${doomed.workspaceId}/projects/${brand.body.uid}/integrations`, {
      token: doomed.token,
      body: { type: 'webhook', name: 'Doomed hook', settings: { url: `${fakes()}/webhook/doomed` } },
    });
    const ctx = { workspaceId: doomed.workspaceId };
    expect(await data.getIntegrationItem(ctx, brand.body.uid, hook.body.uid)).toBeDefined();

    expect((await api('DELETE', `/workspaces/${doomed.workspaceId}`, { token: doomed.token })).status).toBe(204);
    expect(await data.getIntegrationItem(ctx, brand.body.uid, hook.body.uid)).toBeUndefined();
  });
});

describe('secrets', () => {
  it('never appear in any answer (a signing secret only in the one answer that made it)', () => {
    const leaks: string[] = [];
    for (const text of answers) {
      for (const secret of secrets) if (text.includes(secret)) leaks.push(`${secret} in ${text.slice(0, 200)}`);
      for (const secret of onceShown) if (text.includes(secret) && !text.includes(`"secret":"${secret}"`)) leaks.push(`${secret.slice(0, 10)}… in ${text.slice(0, 200)}`);
      if (/ya29\.local-|1\/\/local-refresh-|eyJ\.local-|xoxb-local-/.test(text)) leaks.push(`an OAuth token in ${text.slice(0, 200)}`);
    }
    expect(leaks).toEqual([]);
    // Each signing secret was answered exactly once.
    for (const secret of onceShown) expect(answers.filter((text) => text.includes(secret))).toHaveLength(1);
  });
});
