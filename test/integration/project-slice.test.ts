import { beforeAll, describe, expect, it } from 'vitest';
import { api, userWithWorkspace } from './support/api';
import { joinWorkspace, type TeamUser } from './support/team';

/** Projects (brands): one slug per workspace under concurrency, and who sees which project. */
describe('projects', () => {
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>;
  let member: TeamUser;
  const path = () => `/workspaces/${owner.workspaceId}/projects`;

  beforeAll(async () => {
    owner = await userWithWorkspace('olga', 'Olga brands');
    member = await joinWorkspace(owner, owner.workspaceId, 'member', 'mike');
  }, 60_000);

  it('of concurrent creates with one slug, exactly one succeeds and the rest are project_slug_taken', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api('POST', path(), { token: owner.token, body: { name: `Racing brand ${i}`, slug: 'racing-brand' } })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body).toEqual({ code: 'project_slug_taken', message: 'A brand with this address already exists in this workspace.' });
    }
    const listed = await api('GET', path(), { token: owner.token });
    expect(listed.body.filter((p: any) => p.slug === 'racing-brand')).toHaveLength(1);
  });

  it('keeps the slug unique on edit and frees the old one', async () => {
    const a = await api('POST', path(), { token: owner.token, body: { name: 'Alpha' } });
    const b = await api('POST', path(), { token: owner.token, body: { name: 'Beta' } });
    expect([a.status, b.status]).toEqual([201, 201]);
    const clash = await api('PATCH', `${path()}/${b.body.uid}`, { token: owner.token, body: { slug: 'alpha' } });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('project_slug_taken');
    const moved = await api('PATCH', `${path()}/${a.body.uid}`, { token: owner.token, body: { slug: 'alpha-2', shopify_site: 'alpha.myshopify.com' } });
    expect(moved.body).toMatchObject({ slug: 'alpha-2', shopify_site: 'alpha.myshopify.com' });
    // 'alpha' is free again: Beta can take it.
    const taken = await api('PATCH', `${path()}/${b.body.uid}`, { token: owner.token, body: { slug: 'alpha' } });
    expect(taken.status).toBe(200);
    expect(taken.body.slug).toBe('alpha');
  });

  it('shows a member a project only once they are granted access, after asking for it', async () => {
    const created = await api('POST', path(), { token: owner.token, body: { name: 'Secret Brand' } });
    const uid = created.body.uid;
    const seen = async () => (await api('GET', path(), { token: member.token })).body.find((p: any) => p.uid === uid);

    expect(await seen()).toMatchObject({ slug: 'secret-brand', has_permission: false });
    // A member can neither create nor edit projects they do not administer, nor grant themselves access.
    expect((await api('POST', path(), { token: member.token, body: { name: 'Nope' } })).status).toBe(403);
    const edit = await api('PATCH', `${path()}/${uid}`, { token: member.token, body: { name: 'Mine' } });
    expect([edit.status, edit.body.code]).toEqual([403, 'project_admin_required']);
    const self = await api('POST', `${path()}/${uid}/users`, { token: member.token, body: { userId: member.userId } });
    expect([self.status, self.body.code]).toEqual([403, 'project_admin_required']);

    const asked = await api('POST', `${path()}/${uid}/access-requests`, { token: member.token });
    expect(asked.body).toMatchObject({ project_uid: uid, user_uid: member.userId, status: 'requested' });
    expect(await seen()).toMatchObject({ has_permission: false });

    const granted = await api('POST', `${path()}/${uid}/users`, { token: owner.token, body: { userId: member.userId } });
    expect(granted.status).toBe(201);
    expect(granted.body).toMatchObject({ status: 'granted', role: 'member' });
    expect(await seen()).toMatchObject({ has_permission: true });
    expect((await api('POST', `${path()}/${uid}/access-requests`, { token: member.token })).body.status).toBe('granted');
  });

  it('refuses to grant access to someone outside the workspace, and answers 404 for an unknown project', async () => {
    const created = await api('POST', path(), { token: owner.token, body: { name: 'Closed Brand' } });
    const outsider = await api('POST', `${path()}/${created.body.uid}/users`, { token: owner.token, body: { userId: 'nobody-here' } });
    expect(outsider.status).toBe(404);
    const unknown = await api('PATCH', `${path()}/no-such-project`, { token: owner.token, body: { name: 'X' } });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'project_not_found']);
  });

  it("cannot reach another workspace's project through its own workspace", async () => {
    const other = await userWithWorkspace('oscar', 'Oscar brands');
    const theirs = await api('POST', `/workspaces/${other.workspaceId}/projects`, { token: other.token, body: { name: 'Theirs' } });
    expect(theirs.status).toBe(201);
    const edit = await api('PATCH', `${path()}/${theirs.body.uid}`, { token: owner.token, body: { name: 'Mine' } });
    expect([edit.status, edit.body.code]).toEqual([404, 'project_not_found']);
    expect((await api('GET', path(), { token: owner.token })).body.map((p: any) => p.uid)).not.toContain(theirs.body.uid);
    // The same slug is free in every workspace.
    expect((await api('POST', path(), { token: owner.token, body: { name: 'Theirs' } })).status).toBe(201);
  });
});
