import { beforeAll, describe, expect, inject, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { api, userWithWorkspace } from './support/api';
import { joinWorkspace, userIdOf, type TeamUser } from './support/team';
import { createProject, createTask, must } from './cases/task-cases';

type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;

/** The data layer in this process, on the stack's table. */
const data = async () => {
  Object.assign(process.env, inject('functionEnv'));
  const [{ db }, directory, { dynamo }] = await Promise.all([import('#data/db'), import('#data/project-directory'), import('#lib/clients/dynamo')]);
  return { db, dynamo, ...directory };
};

/** The directory and grants as stored: the workspace item's list (by id) and each person's granted project ids. */
const stored = async (workspaceId: string) => {
  const { db } = await data();
  const [{ data: workspace }, { data: items }] = await Promise.all([
    db().entities.workspace.get({ workspaceId }).go({ consistent: true }),
    db().collections.projects({ workspaceId }).go({ pages: 'all', consistent: true }),
  ]);
  const grants = Object.fromEntries(items.projectGrant.map((g) => [g.userId, [...(g.projectIds ?? [])].sort()]));
  return { directory: workspace?.projectDirectory, version: workspace?.projectDirectoryVersion, grants };
};

const summaries = async (user: { token: string }, workspaceId: string, query = '') =>
  ((await must(user, 'GET', `/workspaces/${workspaceId}/tickets?limit=100${query}`)).items as { summary: string }[]).map((t) => t.summary).sort();

describe('the project directory read with the membership', () => {
  let owner: Owner;
  let member: TeamUser;
  let ownerId: string;

  beforeAll(async () => {
    owner = await userWithWorkspace('dora', 'Directory studio');
    ownerId = userIdOf(owner.token);
    member = await joinWorkspace(owner, owner.workspaceId, 'member', 'dirk');
  }, 60_000);

  it('a new workspace starts with an empty directory; a created project joins it and its owner’s grants', async () => {
    const fresh = await userWithWorkspace('dina');
    expect(await stored(fresh.workspaceId)).toMatchObject({ directory: [], version: 0, grants: {} });
    const brand = await createProject(fresh, 'Fresh brand');
    expect(await stored(fresh.workspaceId)).toEqual({
      directory: [{ projectId: brand.uid, name: 'Fresh brand', slug: brand.slug }],
      version: 1,
      grants: { [userIdOf(fresh.token)]: [brand.uid] },
    });
  });

  it('concurrent creates of different brands all succeed, and each joins the directory', async () => {
    const fresh = await userWithWorkspace('cora');
    const names = Array.from({ length: 10 }, (_, i) => `Parallel brand ${i}`);
    const answers = await Promise.all(names.map((name) => api('POST', `/workspaces/${fresh.workspaceId}/projects`, { token: fresh.token, body: { name } })));
    expect(answers.map((a) => a.status)).toEqual(names.map(() => 201));
    const { directory } = await stored(fresh.workspaceId);
    expect(directory!.map((p) => p.name).sort()).toEqual(names);
  });

  it('a rename and a new slug change the entry; a phase change leaves the directory as it is', async () => {
    const brand = await createProject(owner, 'Before rename');
    await must(owner, 'PATCH', `/workspaces/${owner.workspaceId}/projects/${brand.uid}`, { name: 'After rename' });
    await must(owner, 'PATCH', `/workspaces/${owner.workspaceId}/projects/${brand.uid}`, { slug: 'after-rename' });
    const { directory, version } = await stored(owner.workspaceId);
    expect(directory).toContainEqual({ projectId: brand.uid, name: 'After rename', slug: 'after-rename' });
    await must(owner, 'PATCH', `/workspaces/${owner.workspaceId}/projects/${brand.uid}`, { phase: 'sales' });
    expect((await stored(owner.workspaceId)).version).toBe(version);
    // The list names a task's brand from the directory.
    const task = await createTask(owner, { project_uid: brand.uid, summary: 'Named by the directory' });
    const listed = (await must(owner, 'GET', `/workspaces/${owner.workspaceId}/tickets?limit=100`)).items as { uid: string; projects: { slug: string; name: string } }[];
    expect(listed.find((t) => t.uid === task.uid)?.projects).toEqual({ slug: 'after-rename', name: 'After rename' });
  });

  it('a grant opens the brand to the member at once, and a removed grant closes the list, tags and time at once', async () => {
    const brand = await createProject(owner, 'Granted brand');
    const task = await createTask(owner, { project_uid: brand.uid, summary: 'Behind the grant', tags: ['granted-tag'] });
    await must(owner, 'POST', `/tickets/${task.uid}/time-entries`, {});

    // An access request is no grant.
    await must(member, 'POST', `/workspaces/${owner.workspaceId}/projects/${brand.uid}/access-requests`);
    expect((await stored(owner.workspaceId)).grants[member.userId] ?? []).not.toContain(brand.uid);
    expect(await summaries(member, owner.workspaceId)).not.toContain('Behind the grant');

    await must(owner, 'POST', `/workspaces/${owner.workspaceId}/projects/${brand.uid}/users`, { userId: member.userId });
    expect((await stored(owner.workspaceId)).grants[member.userId]).toContain(brand.uid);
    expect(await summaries(member, owner.workspaceId)).toContain('Behind the grant');
    expect(await summaries(member, owner.workspaceId, '&status=todo')).toContain('Behind the grant');
    expect(await must(member, 'GET', `/tickets/tags?workspaceId=${owner.workspaceId}`)).toContain('granted-tag');
    expect(await must(member, 'GET', `/tickets/tags/${brand.uid}?workspaceId=${owner.workspaceId}`)).toEqual(['granted-tag']);
    const entries = async () => ((await must(member, 'GET', `/workspaces/${owner.workspaceId}/timetracking/entries`)).entries as { task_uid: string }[]).map((e) => e.task_uid);
    expect(await entries()).toContain(task.uid);

    await must(owner, 'DELETE', `/workspaces/${owner.workspaceId}/projects/${brand.uid}/users/${member.userId}`);
    expect((await stored(owner.workspaceId)).grants[member.userId] ?? []).not.toContain(brand.uid);
    expect(await summaries(member, owner.workspaceId)).not.toContain('Behind the grant');
    expect(await summaries(member, owner.workspaceId, '&status=todo')).not.toContain('Behind the grant');
    expect(await must(member, 'GET', `/tickets/tags?workspaceId=${owner.workspaceId}`)).not.toContain('granted-tag');
    expect((await api('GET', `/tickets/tags/${brand.uid}?workspaceId=${owner.workspaceId}`, { token: member.token })).body.code).toBe('user_not_in_project');
    expect(await entries()).not.toContain(task.uid);
    // The owner's own grant stays.
    expect((await stored(owner.workspaceId)).grants[ownerId]).toContain(brand.uid);
  });

  it('a workspace from before the directory lists by a Query until the reconcile builds it, which then matches', async () => {
    const { db, dynamo, reconcileWorkspaceDirectory } = await data();
    const old = await userWithWorkspace('olaf', 'Older studio');
    const teammate = await joinWorkspace(old, old.workspaceId, 'member', 'oona');
    const [open, closed] = [await createProject(old, 'Open to them'), await createProject(old, 'Not for them')];
    await must(old, 'POST', `/workspaces/${old.workspaceId}/projects/${open.uid}/users`, { userId: teammate.userId });
    await createTask(old, { project_uid: open.uid, summary: 'Theirs' });
    await createTask(old, { project_uid: closed.uid, summary: 'Not theirs' });
    const built = await stored(old.workspaceId);

    // As older code left it: no directory on the workspace, no grants items.
    const { Key, TableName } = db().entities.workspace.get({ workspaceId: old.workspaceId }).params();
    await dynamo().send(new UpdateCommand({ TableName, Key, UpdateExpression: 'REMOVE projectDirectory, projectDirectoryVersion' }));
    await db().entities.projectGrant.delete(Object.keys(built.grants).map((userId) => ({ workspaceId: old.workspaceId, userId }))).go();
    expect(await stored(old.workspaceId)).toEqual({ directory: undefined, version: undefined, grants: {} });
    expect(await summaries(teammate, old.workspaceId)).toEqual(['Theirs']);
    expect(await summaries(old, old.workspaceId)).toEqual(['Not theirs', 'Theirs']);

    // A project made meanwhile leaves the (absent) directory to the reconcile, but keeps its owner's grant.
    const meanwhile = await createProject(old, 'Made meanwhile');
    expect((await stored(old.workspaceId)).directory).toBeUndefined();

    expect(await reconcileWorkspaceDirectory(db(), old.workspaceId)).toBeGreaterThan(0);
    const after = await stored(old.workspaceId);
    expect(after.directory?.map((p) => p.projectId).sort()).toEqual([open.uid, closed.uid, meanwhile.uid].sort());
    expect(after.grants).toEqual({ [userIdOf(old.token)]: [open.uid, closed.uid, meanwhile.uid].sort(), [teammate.userId]: [open.uid] });
    expect(await summaries(teammate, old.workspaceId)).toEqual(['Theirs']);
    expect(await summaries(old, old.workspaceId)).toEqual(['Not theirs', 'Theirs']);
    // Idempotent: nothing left to write.
    expect(await reconcileWorkspaceDirectory(db(), old.workspaceId)).toBe(0);
  }, 60_000);

  it('the reconcile puts right a directory and grants that went out of line', async () => {
    const { db, reconcileWorkspaceDirectory } = await data();
    const brand = await createProject(owner, 'Out of line');
    await db().entities.projectGrant.put({ workspaceId: owner.workspaceId, userId: member.userId, projectIds: [brand.uid] }).go();
    const { directory, version } = await stored(owner.workspaceId);
    await db()
      .entities.workspace.patch({ workspaceId: owner.workspaceId })
      .set({ projectDirectory: directory!.map((p) => (p.projectId === brand.uid ? { ...p, name: 'Wrong name' } : p)), projectDirectoryVersion: version! + 1 })
      .go();

    expect(await reconcileWorkspaceDirectory(db(), owner.workspaceId)).toBe(2);
    const after = await stored(owner.workspaceId);
    expect(after.directory).toContainEqual({ projectId: brand.uid, name: 'Out of line', slug: brand.slug });
    expect(after.grants[member.userId] ?? []).not.toContain(brand.uid);
  });
});
