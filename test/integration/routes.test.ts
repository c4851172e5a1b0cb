import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteName, type RouteSpec } from '#shared/routes';
import { api, registerUser, uniqueEmail, userWithWorkspace, waitForMail } from './support/api';
import { ws, type Case, type World } from './support/route-case';
import { teamCases } from './cases/team-cases';
import { billingCases } from './cases/billing-cases';
import { projectCases } from './cases/project-cases';
import { taskCases } from './cases/task-cases';
import { tableCases } from './cases/table-cases';
import { collabCases } from './cases/collab-cases';
import { integrationCases } from './cases/integration-cases';
import { exportCases } from './cases/export-cases';
import { deliveryCases } from './cases/delivery-cases';
import { savedViewCases } from './cases/saved-view-cases';
import { notificationCases } from './cases/notification-cases';
import { contentCases } from './cases/content-cases';
import { generationCases } from './cases/generation-cases';
import { tryCases } from './cases/try-cases';
import { aiCases } from './cases/ai-cases';
import { importCases } from './cases/import-cases';
import { postCases } from './cases/post-cases';
import { pushCases } from './cases/push-cases';
import { recordingCases } from './cases/recording-cases';
import { driveCases } from './cases/drive-cases';
import { analyticsCases } from './cases/analytics-cases';
import { connectionCases } from './cases/connection-cases';

/**
 * Every route of the route table, end to end through the local gateway (JWT verified like the API Gateway
 * authorizer), real DynamoDB Local and SQS: its happy path, 400 on bad input, 401 without a token and 403 from
 * another workspace. `cases` must name every route, so a new route without tests fails to compile.
 */
const foundationCases = {
  listRoles: {
    happy: (w) => api('GET', '/roles', { token: w.alice.token }),
    expectHappy: ({ body }) => expect(Object.values(body).map((r: any) => r.name)).toEqual(expect.arrayContaining(['admin', 'external'])),
  },
  listWorkspaces: {
    happy: (w) => api('GET', '/workspaces', { token: w.alice.token }),
    expectHappy: ({ body }, w) => expect(body).toEqual([expect.objectContaining({ role: 'admin', workspaces: expect.objectContaining({ uid: w.alice.workspaceId }) })]),
  },
  createWorkspace: {
    happy: (w) => api('POST', '/workspaces', { token: w.mallory.token, body: { name: '  Second brand house ' } }),
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ role: 'admin', status: 'joined', workspaces: { name: 'Second brand house', whitelisted: false, stripe_subscription_id: null } });
    },
    bad: { call: (w) => api('POST', '/workspaces', { token: w.alice.token, body: { name: 'x'.repeat(81) } }), field: 'name' },
  },
  getWorkspace: {
    happy: (w) => api('GET', ws(w), { token: w.alice.token }),
    expectHappy: ({ body }, w) => expect(body).toMatchObject({ uid: w.alice.workspaceId, stripe_subscription_id: null, owner: expect.any(String) }),
    bad: { call: (w) => api('GET', '/workspaces/not%20an%20id', { token: w.alice.token }), field: 'workspaceId' },
    foreign: (w) => api('GET', ws(w), { token: w.mallory.token }),
  },
  listTeam: {
    happy: (w) => api('GET', `${ws(w)}/users/all?search=&role=All&status=all`, { token: w.alice.token }),
    expectHappy: ({ body }, w) =>
      expect(body).toEqual(expect.arrayContaining([expect.objectContaining({ email: w.alice.email, role: 'admin', status: 'joined' })])),
    bad: { call: (w) => api('GET', `${ws(w)}/users/all?search=${'x'.repeat(300)}`, { token: w.alice.token }), field: 'search' },
    foreign: (w) => api('GET', `${ws(w)}/users/all`, { token: w.mallory.token }),
  },
  createInvite: {
    happy: (w) => api('POST', `${ws(w)}/invites`, { token: w.alice.token, body: { email: uniqueEmail('carol').toUpperCase() } }),
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ status: 'pending', role: 'member' });
      expect(body.email).toBe(body.email.toLowerCase());
      expect(body.uid.length).toBeGreaterThanOrEqual(32);
    },
    bad: { call: (w) => api('POST', `${ws(w)}/invites`, { token: w.alice.token, body: { email: 'not-an-email' } }), field: 'email' },
    foreign: (w) => api('POST', `${ws(w)}/invites`, { token: w.mallory.token, body: { email: uniqueEmail('x') } }),
  },
  listTimeEntries: {
    happy: (w) => api('GET', `${ws(w)}/timetracking/entries`, { token: w.alice.token }),
    expectHappy: ({ body }) => expect(body).toEqual({ hasTimeTracking: false, entries: [] }),
    foreign: (w) => api('GET', `${ws(w)}/timetracking/entries`, { token: w.mallory.token }),
  },
  getInvite: {
    happy: (w) => api('GET', `/invites/${w.inviteUid}`),
    expectHappy: ({ body }, w) => expect(body).toMatchObject({ uid: w.inviteUid, email: w.invitee.email, workspace_name: 'Alice studio', status: 'pending' }),
    bad: { call: () => api('GET', '/invites/bad!uid'), field: 'inviteUid' },
  },
  acceptInvite: {
    happy: (w) => api('POST', `/invites/${w.inviteUid}/accept`, { token: w.invitee.token }),
    expectHappy: ({ body }, w) => expect(body).toMatchObject({ role: 'member', workspaces: { uid: w.alice.workspaceId } }),
    bad: { call: (w) => api('POST', '/invites/bad!uid/accept', { token: w.alice.token }), field: 'inviteUid' },
  },
  listMyInvites: {
    happy: (w) => api('GET', '/me/invites', { token: w.invitee.token }),
    expectHappy: ({ body }, w) => expect(body).toEqual([expect.objectContaining({ uid: w.inviteUid, workspace_uid: w.alice.workspaceId })]),
  },
} satisfies Partial<Record<RouteName, Case>>;

/** Every route must have its case: the record below fails to compile when one is missing. */
const cases: Record<RouteName, Case> = { ...foundationCases, ...teamCases, ...billingCases, ...projectCases, ...taskCases, ...tableCases, ...collabCases, ...integrationCases, ...exportCases, ...deliveryCases, ...savedViewCases, ...notificationCases, ...contentCases, ...generationCases, ...aiCases, ...importCases, ...postCases, ...recordingCases, ...tryCases, ...pushCases, ...analyticsCases, ...driveCases, ...connectionCases };

const world = {} as World;

beforeAll(async () => {
  const [alice, mallory, invitee] = await Promise.all([
    userWithWorkspace('alice', 'Alice studio'),
    userWithWorkspace('mallory'),
    registerUser(uniqueEmail('dave')),
  ]);
  const invite = await api('POST', `/workspaces/${alice.workspaceId}/invites`, { token: alice.token, body: { email: invitee.email } });
  Object.assign(world, { alice, mallory, invitee, inviteUid: invite.body.uid });
}, 120_000);

// Foundation routes first, in an order where listMyInvites sees the invite before acceptInvite uses it.
const first: RouteName[] = ['listRoles', 'listWorkspaces', 'createWorkspace', 'getWorkspace', 'listTeam', 'createInvite', 'listTimeEntries', 'getInvite', 'listMyInvites', 'acceptInvite'];
const ordered: RouteName[] = [...first, ...(Object.keys(cases) as RouteName[]).filter((name) => !first.includes(name))];

describe.each(ordered)('route %s', (name) => {
  const route: RouteSpec = routes[name];
  const spec = cases[name];

  it('answers its happy path', async () => {
    const answer = await spec.happy(world);
    expect(answer.status, JSON.stringify(answer.body)).toBe(route.status ?? 200);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    spec.expectHappy(answer, world);
  });

  if (spec.bad) {
    it('answers 400 naming the field on bad input', async () => {
      const answer = await spec.bad!.call(world);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'bad_request', field: spec.bad!.field, message: expect.stringContaining(spec.bad!.field) });
    });
  }

  if (route.auth !== 'public') {
    it('answers 401 without a token, and with a forged one', async () => {
      const path = route.path.replace(/\{[^}]+\}/g, 'abc123');
      expect((await api(route.method, path)).status).toBe(401);
      const forged = `${world.alice.token.split('.').slice(0, 2).join('.')}.forged-signature`;
      expect((await api(route.method, path, { token: forged })).status).toBe(401);
    });
  }

  if (route.auth === 'workspace') {
    it('answers 403 to a member of another workspace', async () => {
      expect(spec.foreign, `${name} needs a cross-workspace case`).toBeDefined();
      const answer = await spec.foreign!(world);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('forbidden');
    });
  }
});

describe('the email queue', () => {
  it('delivers the invite email with a working link', async () => {
    const mail = await waitForMail(world.invitee.email, /invited to join Alice studio/);
    expect(mail.text).toContain(`/invite/${world.inviteUid}`);
  });
});
