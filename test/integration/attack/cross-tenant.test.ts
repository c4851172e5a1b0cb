import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteName, type RouteSpec } from '#shared/routes';
import { api } from '../support/api';
import { realisticBodies, type Bodies } from './support/bodies';
import { attackOrder, isSuccess, unservedMethods } from './support/matrix';
import { brief, callRoute, idFieldsOf, inputFor, type Input } from './support/requests';
import { buildTenants, downloadedHash, outsider, secretsOf, type Caller, type Tenant } from './support/world';

/**
 * TWO TENANTS, EVERY ROUTE × ROLE × VERB. Tenant A's admin, member and external user, and a signed-in person of no
 * workspace, call every route of the route table aimed at tenant B: every path, query and body id is one of B's
 * real things. An answer is never a success, never a 5xx, and never carries anything of B's the request did not
 * already name. A second variant names B's things under A's own workspace id (the caller is a member there), the
 * confused-deputy way in. Every path is also tried with the methods it does not serve. Routes that take no id of
 * anybody's still must not hand out B's data. Public routes are capabilities (whoever holds an invite or review
 * link may use it) and are attacked in tokens, fuzz and findings instead. Afterwards B's things are all intact.
 */
let A: Tenant;
let B: Tenant;
let callers: Record<'admin' | 'member' | 'external' | 'outsider', Caller>;
let bodies: Bodies;

beforeAll(async () => {
  const [tenants, stranger] = await Promise.all([buildTenants('A', 'B'), outsider()]);
  ({ A, B } = tenants);
  callers = { admin: A.admin, member: A.member, external: A.external, outsider: stranger };
  bodies = await realisticBodies(A.admin.token);
}, 180_000);

const CALLERS = ['admin', 'member', 'external', 'outsider'] as const;

/** B's things in the answer that the request did not name itself (an echo of the request is not a leak). */
const leaksOf = (answerText: string, input: Input) => {
  const asked = JSON.stringify(input);
  return secretsOf(B).filter((secret) => secret && answerText.includes(secret) && !asked.includes(secret));
};

/** Whether the request still names one of B's things (an id, a key, an email). */
const namesB = (input: Input) => {
  const asked = JSON.stringify(input);
  return secretsOf(B).some((secret) => secret && asked.includes(secret));
};

/** B's things under A's workspace id: a workspaceId anywhere in the input becomes A's. */
const underOwnWorkspace = (input: Input): Input => {
  const swap = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(swap)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'workspaceId' ? A.workspaceId : swap(v)]))
        : value;
  return swap(input) as Input;
};

describe.each(attackOrder().filter((name) => routes[name].auth !== 'public'))('%s', (name: RouteName) => {
  const route: RouteSpec = routes[name];
  const ids = idFieldsOf(route);

  it.each(CALLERS)(`A's %s aimed at B (${route.method} ${route.path}): no success, no 5xx, nothing of B's`, async (who) => {
    const input = inputFor(route, B, bodies[name]);
    const answer = await callRoute(route, input, callers[who].token);
    expect(answer.status, brief(answer)).toBeGreaterThan(0);
    expect(answer.status, brief(answer)).toBeLessThan(500);
    if (namesB(input)) expect(isSuccess(answer.status), `${name} names B's ${ids.join(', ')}: ${brief(answer)}`).toBe(false);
    expect(leaksOf(answer.text, input), brief(answer)).toEqual([]);
  });

  if (ids.includes('workspaceId') && ids.some((id) => id !== 'workspaceId')) {
    it.each(CALLERS)(`A's %s names B's things under A's own workspace id: no success, no 5xx, nothing of B's`, async (who) => {
      const input = underOwnWorkspace(inputFor(route, B, bodies[name]));
      const answer = await callRoute(route, input, callers[who].token);
      expect(answer.status, brief(answer)).toBeGreaterThan(0);
      expect(answer.status, brief(answer)).toBeLessThan(500);
      if (namesB(input)) expect(isSuccess(answer.status), brief(answer)).toBe(false);
      expect(leaksOf(answer.text, input), brief(answer)).toEqual([]);
    });
  }

  if (route.method === 'GET') {
    // The control: the same call aimed at A by A's admin succeeds, so the refusals above are about the tenant.
    it(`control: A's admin aimed at A succeeds`, async () => {
      const answer = await callRoute(route, inputFor(route, A, bodies[name]), A.admin.token);
      expect(answer.status, brief(answer)).toBe(route.status ?? 200);
    });
  }
});

// Real ids are server-made (never a literal segment such as `all`), so a placeholder decides the same routes.
describe.each(unservedMethods((name) => routes[name].path.replace(/\{\w+\}/g, 'some-id')))('unserved verb on the path of %s', ({ name, method }) => {
  const route: RouteSpec = routes[name];
  it.each(CALLERS)(`${method} ${route.path} by A's %s aimed at B: refused, no 5xx, nothing of B's`, async (who) => {
    const input = inputFor(route, B, bodies[name]);
    const answer = await callRoute(route, input, callers[who].token, method);
    expect([404, 405], brief(answer)).toContain(answer.status);
    expect(leaksOf(answer.text, input), brief(answer)).toEqual([]);
  });
});

describe("tenant B after A's attack", () => {
  it('still has its workspace, team, brand, task, comment with both files unchanged, time entry, invite, review link and unread notification', async () => {
    const token = B.admin.token;
    const workspace = await api('GET', `/workspaces/${B.workspaceId}`, { token });
    expect(workspace.body).toMatchObject({ uid: B.workspaceId, name: B.workspaceName });

    const team = await api('GET', `/workspaces/${B.workspaceId}/users/all?status=joined`, { token });
    expect(Object.fromEntries(team.body.map((m: { uid: string; role: string }) => [m.uid, m.role]))).toEqual({
      [B.admin.userId]: 'admin',
      [B.member.userId]: 'member',
      [B.external.userId]: 'external',
    });

    const projects = await api('GET', `/workspaces/${B.workspaceId}/projects`, { token });
    expect(projects.body.map((p: { uid: string }) => p.uid)).toEqual(expect.arrayContaining([B.projectId, B.hidden.projectId]));

    const task = await api('GET', `/tickets/${B.taskId}`, { token });
    expect(task.body).toMatchObject({ uid: B.taskId, summary: `${B.marker} task`, workspace_uid: B.workspaceId });

    const comments = await api('GET', `/tickets/${B.taskId}/comments`, { token });
    const comment = comments.body.find((c: { uid: string }) => c.uid === B.commentId);
    expect(comment, JSON.stringify(comments.body)).toMatchObject({ text: `${B.marker} comment` });
    expect(comments.body.map((c: { text: string }) => c.text)).toEqual([`${B.marker} comment`]);
    for (const file of [...comment.attachments, comment.audio]) {
      expect(await downloadedHash(file.url), file.key).toBe(B.uploads[file.key]?.sha256);
    }

    const entries = await api('GET', `/tickets/${B.taskId}/time-entries`, { token });
    expect(entries.body.entries.map((e: { uid: string }) => e.uid)).toEqual([B.entryId]);

    expect((await api('GET', `/invites/${B.inviteUid}`)).body).toMatchObject({ status: 'pending', workspace_uid: B.workspaceId });
    expect((await api('GET', `/review/${B.reviewToken}`)).status).toBe(200);

    const notifications = await api('GET', '/notifications', { token: B.member.token });
    expect(notifications.body.find((n: { uid: string }) => n.uid === B.notificationId)).toMatchObject({ read: false });
  });
});
