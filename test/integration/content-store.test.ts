import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { tableSpec } from '#data/table-spec';
import { CONTENT_KINDS, CONTENT_LIMITS, CONTENT_SETTINGS_DEFAULTS, INDUSTRIES, INDUSTRY_SKILLS } from '#shared/schemas/content';
import { api, userWithWorkspace } from './support/api';
import { joinWorkspace, type TeamUser } from './support/team';
import { createProject, must } from './cases/task-cases';

type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;

/** A PUT that must succeed; answers its body. */
const put = async (who: { token: string }, path: string, body: unknown) => {
  const answer = await api('PUT', path, { token: who.token, body });
  if (answer.status >= 300) throw new Error(`PUT ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/**
 * The brand's content store end to end: items of every kind with one default per kind, the assistant rule (project
 * admins only), the workspace-less /projects/{projectId}/… paths isolated by tenant, feedback per field, and the
 * content settings (defaults for a brand that never saved, the slate shares' sum, team skills of the industry).
 */
describe('content store', () => {
  let owner: Owner;
  let member: TeamUser;
  let external: TeamUser;
  let mallory: Owner;
  let brand: string;
  /** A brand the member was not granted. */
  let closed: string;

  const path = (rest: string, projectId = brand) => `/projects/${projectId}${rest}`;
  const settings = (projectId = brand) => `/workspaces/${owner.workspaceId}/projects/${projectId}`;

  beforeAll(async () => {
    [owner, mallory] = await Promise.all([userWithWorkspace('cora', 'Cora content'), userWithWorkspace('mal', 'Mal media')]);
    [member, external] = await Promise.all([joinWorkspace(owner, owner.workspaceId, 'member', 'mia'), joinWorkspace(owner, owner.workspaceId, 'external', 'ext')]);
    brand = (await createProject(owner, 'Bakery brand')).uid;
    closed = (await createProject(owner, 'Closed brand')).uid;
    await must(owner, 'POST', `/workspaces/${owner.workspaceId}/projects/${brand}/users`, { userId: member.userId });
  }, 180_000);

  it('keeps brand voices: created, listed oldest first, changed in part, deleted; unknown uid is 404', async () => {
    const first = await api('POST', path('/brand-voices'), {
      token: member.token,
      body: { name: ' Warm ', description: 'Neighbourly', traits: ['warm', 'plain'], example_posts: ['Fresh loaves at 7.'], source: { kind: 'website', url: 'https://bakery.example' } },
    });
    expect(first.status).toBe(201);
    // The first voice of a brand without a default becomes it.
    expect(first.body).toMatchObject({ name: 'Warm', traits: ['warm', 'plain'], source: { kind: 'website', url: 'https://bakery.example' }, is_default: true });
    const second = await must(member, 'POST', path('/brand-voices'), { name: 'Bold' });
    expect(second).toMatchObject({ name: 'Bold', description: '', traits: [], example_posts: [], source: null, is_default: false });

    // The SPA may send the whole item back: unknown fields are ignored, absent ones stay.
    const changed = await api('PUT', path(`/brand-voices/${first.body.uid}`), { token: member.token, body: { ...first.body, description: 'Neighbourly, never pushy', is_default: false } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ uid: first.body.uid, description: 'Neighbourly, never pushy', traits: ['warm', 'plain'], is_default: true, created_at: first.body.created_at });
    const cleared = await put(member, path(`/brand-voices/${first.body.uid}`), { source: null, traits: [] });
    expect(cleared).toMatchObject({ source: null, traits: [], example_posts: ['Fresh loaves at 7.'] });

    const list = await api('GET', path('/brand-voices'), { token: member.token });
    expect(list.body.map((v: { uid: string }) => v.uid)).toEqual([first.body.uid, second.uid]);

    expect((await api('DELETE', path(`/brand-voices/${second.uid}`), { token: member.token })).status).toBe(204);
    expect(await api('DELETE', path(`/brand-voices/${second.uid}`), { token: member.token })).toMatchObject({ status: 404, body: { code: 'content_item_not_found' } });
    expect(await api('PUT', path(`/brand-voices/${second.uid}`), { token: member.token, body: { name: 'Ghost' } })).toMatchObject({
      status: 404,
      body: { code: 'content_item_not_found' },
    });
    expect(await api('POST', path(`/brand-voices/${second.uid}/default`), { token: member.token })).toMatchObject({ status: 404, body: { code: 'content_item_not_found' } });
    // A uid of another kind is not an item of this one.
    expect((await api('PUT', path(`/audiences/${first.body.uid}`), { token: member.token, body: { name: 'x' } })).status).toBe(404);
  });

  it('answers 400 naming the field for every invalid input', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', '/brand-voices', { name: 'Five posts', example_posts: ['a', 'b', 'c', 'd', 'e'] }, 'example_posts'],
      ['POST', '/brand-voices', { name: 'x'.repeat(81) }, 'name'],
      ['POST', '/brand-voices', { name: 'Traits', traits: ['t'.repeat(41)] }, 'traits.0'],
      ['POST', '/brand-voices', { name: 'Source', source: { kind: 'website', url: 'javascript:alert(1)' } }, 'source.url'],
      ['POST', '/brand-voices', { name: 'Source', source: { kind: 'fax' } }, 'source.kind'],
      ['POST', '/audiences', { description: 'no name' }, 'name'],
      ['POST', '/audiences', { name: 'Long', description: 'd'.repeat(2001) }, 'description'],
      ['POST', '/influences', { name: 'Mailto', url: 'mailto:a@b.c' }, 'url'],
      ['POST', '/feedback/hook', { content: '' }, 'content'],
      ['POST', '/feedback/hook', { content: 'ok', rating: 'meh' }, 'rating'],
      ['POST', '/feedback/Hook%20Line', { content: 'ok' }, 'field'],
      ['POST', `/feedback/${'a'.repeat(81)}`, { content: 'ok' }, 'field'],
    ];
    for (const [method, rest, body, field] of cases) {
      const answer = await api(method as 'POST', path(rest), { token: member.token, body });
      expect(answer.status, `${method} ${rest} ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body).toMatchObject({ code: 'bad_request', field, message: expect.stringContaining(field) });
    }
    expect(await api('PUT', path('/brand-voices/bad!uid'), { token: member.token, body: { name: 'x' } })).toMatchObject({ status: 400, body: { field: 'uid' } });
    expect(await api('GET', '/projects/bad!id/brand-voices', { token: member.token })).toMatchObject({ status: 400, body: { field: 'projectId' } });
  });

  it('keeps one default per kind: the switch moves it in one step and answers the list', async () => {
    const made = [];
    for (const name of ['Parents', 'Students', 'Chefs']) made.push(await must(member, 'POST', path('/audiences'), { name }));
    expect(made.map((a) => a.is_default)).toEqual([true, false, false]);
    const switched = await api('POST', path(`/audiences/${made[2].uid}/default`), { token: member.token });
    expect(switched.status).toBe(200);
    expect(switched.body.map((a: { name: string; is_default: boolean }) => [a.name, a.is_default])).toEqual([
      ['Parents', false],
      ['Students', false],
      ['Chefs', true],
    ]);
    // Concurrent switches still leave exactly one default.
    await Promise.all(made.map((a) => api('POST', path(`/audiences/${a.uid}/default`), { token: member.token })));
    const after = await must(member, 'GET', path('/audiences'));
    expect(after.filter((a: { is_default: boolean }) => a.is_default)).toHaveLength(1);
    // Setting the default again is a no-op that answers the list.
    const defaultUid = after.find((a: { is_default: boolean }) => a.is_default).uid;
    expect((await must(member, 'POST', path(`/audiences/${defaultUid}/default`))).filter((a: { is_default: boolean }) => a.is_default)).toHaveLength(1);
    // Deleting the default leaves none; the next switch names one.
    await must(member, 'DELETE', path(`/audiences/${defaultUid}`));
    expect((await must(member, 'GET', path('/audiences'))).some((a: { is_default: boolean }) => a.is_default)).toBe(false);
    const rest = (await must(member, 'GET', path('/audiences'))) as { uid: string }[];
    expect((await must(member, 'POST', path(`/audiences/${rest[0]!.uid}/default`))).filter((a: { is_default: boolean }) => a.is_default)).toHaveLength(1);
    // Influences have no default call.
    const influence = await must(member, 'POST', path('/influences'), { name: 'Local mill', url: 'https://mill.example/about' });
    expect(influence).toEqual({ uid: influence.uid, name: 'Local mill', url: 'https://mill.example/about', created_at: influence.created_at, updated_at: influence.updated_at });
    expect((await api('POST', path(`/influences/${influence.uid}/default`), { token: member.token })).status).toBe(404);
  });

  it('lets only a project admin or a workspace admin change assistants; members read them', async () => {
    const refused = await api('POST', path('/assistants'), { token: member.token, body: { name: 'Captioner', instructions: 'Short.' } });
    expect(refused).toMatchObject({ status: 403, body: { code: 'project_admin_required' } });
    const made = await api('POST', path('/assistants'), { token: owner.token, body: { name: 'Captioner', instructions: 'Short.' } });
    expect(made).toMatchObject({ status: 201, body: { name: 'Captioner', instructions: 'Short.', is_default: true } });
    expect((await api('GET', path('/assistants'), { token: member.token })).body).toEqual([made.body]);
    for (const [method, rest] of [
      ['PUT', `/assistants/${made.body.uid}`],
      ['DELETE', `/assistants/${made.body.uid}`],
      ['POST', `/assistants/${made.body.uid}/default`],
    ] as const) {
      const answer = await api(method, path(rest), { token: member.token, body: method === 'PUT' ? { name: 'Mine now' } : undefined });
      expect(answer, `${method} ${rest}`).toMatchObject({ status: 403, body: { code: 'project_admin_required' } });
    }
  });

  it('isolates tenants: another workspace, a brand not granted and an external user get no data', async () => {
    const voice = await must(owner, 'POST', path('/brand-voices'), { name: 'Secret' });
    for (const [method, rest] of [
      ['GET', '/brand-voices'],
      ['POST', '/brand-voices'],
      ['PUT', `/brand-voices/${voice.uid}`],
      ['DELETE', `/brand-voices/${voice.uid}`],
      ['POST', `/brand-voices/${voice.uid}/default`],
      ['GET', '/feedback/hook'],
      ['GET', '/feedback'],
      ['POST', '/feedback/hook'],
    ] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { name: 'Stolen', content: 'Stolen' };
      const foreign = await api(method, path(rest), { token: mallory.token, body });
      expect(foreign, `mallory ${method} ${rest}`).toMatchObject({ status: 403, body: { code: 'forbidden' } });
      const ext = await api(method, path(rest), { token: external.token, body });
      expect(ext, `external ${method} ${rest}`).toMatchObject({ status: 403, body: { code: 'forbidden' } });
      const notGranted = await api(method, path(rest.replace(voice.uid, 'abc'), closed), { token: member.token, body });
      expect(notGranted.status, `member on a closed brand ${method} ${rest}`).toBe(404);
      expect(notGranted.body.code).toBe('project_not_found');
    }
    expect(await api('GET', `/workspaces/${mallory.workspaceId}/projects/${brand}`, { token: mallory.token })).toMatchObject({ status: 404, body: { code: 'project_not_found' } });
    expect((await api('GET', settings(), { token: mallory.token })).status).toBe(403);
    // The voice is untouched.
    expect((await must(owner, 'GET', path('/brand-voices'))).find((v: { uid: string }) => v.uid === voice.uid)).toMatchObject({ name: 'Secret' });
    // An unknown project id is no different from another tenant's.
    expect(await api('GET', path('/brand-voices', 'nosuchproject'), { token: owner.token })).toMatchObject({ status: 403, body: { code: 'forbidden' } });
  });

  it('finds the workspace of a brand made before the project index, among the caller\'s own workspaces only', async () => {
    Object.assign(process.env, inject('functionEnv'));
    const [{ db }, { dynamo }] = await Promise.all([import('#data/db'), import('#lib/clients/dynamo')]);
    const older = await createProject(owner, 'Older brand');
    await must(owner, 'POST', `/workspaces/${owner.workspaceId}/projects/${older.uid}/users`, { userId: member.userId });
    const { Key, TableName } = db().entities.project.get({ workspaceId: owner.workspaceId, projectId: older.uid }).params();
    const { partitionKey, sortKey } = tableSpec.indexes.byToken;
    await dynamo().send(new UpdateCommand({ TableName, Key, UpdateExpression: `REMOVE ${partitionKey}, ${sortKey}` }));
    const made = await api('POST', path('/audiences', older.uid), { token: member.token, body: { name: 'Regulars' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await must(owner, 'GET', path('/audiences', older.uid))).map((a: { name: string }) => a.name)).toEqual(['Regulars']);
    expect(await api('GET', path('/audiences', older.uid), { token: mallory.token })).toMatchObject({ status: 403, body: { code: 'forbidden' } });
  });

  it('purges a deleted workspace\'s content stores with it', async () => {
    Object.assign(process.env, inject('functionEnv'));
    const { db } = await import('#data/db');
    const second = await must(mallory, 'POST', '/workspaces', { name: 'Mal to delete' });
    const workspaceId = second.workspaces.uid as string;
    const doomed = (await createProject({ token: mallory.token, workspaceId }, 'Doomed brand')).uid;
    await must(mallory, 'POST', path('/brand-voices', doomed), { name: 'Doomed voice' });
    await must(mallory, 'POST', path('/feedback/hook', doomed), { content: 'Doomed feedback' });
    await put(mallory, `/workspaces/${workspaceId}/projects/${doomed}`, { other_preferences: 'Doomed' });
    const stored = async () => {
      const { data } = await db().collections.content({ workspaceId, projectId: doomed }).go({ pages: 'all' });
      return Object.values(data).reduce((sum, items) => sum + items.length, 0);
    };
    expect(await stored()).toBe(4);
    expect((await api('DELETE', `/workspaces/${workspaceId}`, { token: mallory.token })).status).toBe(204);
    expect(await stored()).toBe(0);
  });

  it('answers 401 without a token', async () => {
    for (const kind of CONTENT_KINDS) expect((await api('GET', path(`/${kind}`))).status).toBe(401);
    expect((await api('PUT', settings(), { body: {} })).status).toBe(401);
  });

  it('keeps feedback per field, newest last, with who gave it', async () => {
    await must(member, 'POST', path('/feedback/hook'), { content: 'Too long', rating: 'down' });
    await must(owner, 'POST', path('/feedback/hook'), { content: 'Better', rating: 'up' });
    await must(owner, 'POST', path('/feedback/hook_variation'), { content: 'Other field' });
    const hook = await must(member, 'GET', path('/feedback/hook'));
    expect(hook.map((f: { content: string }) => f.content)).toEqual(['Too long', 'Better']);
    expect(hook[0]).toMatchObject({ field: 'hook', rating: 'down', created_by: member.userId });
    const all = await must(member, 'GET', path('/feedback'));
    expect(all.map((f: { content: string }) => f.content).slice(0, 3)).toEqual(['Other field', 'Better', 'Too long']);
  });

  it('reads the defaults for a brand that never saved its settings', async () => {
    const fresh = await createProject(owner, 'Never saved');
    const answer = await api('GET', settings(fresh.uid), { token: owner.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...answer.body, ...CONTENT_SETTINGS_DEFAULTS });
    expect(answer.body).toMatchObject({ uid: fresh.uid, name: 'Never saved', slate_review_day: 'Friday', slate_growth_content: 0, has_permission: true });
    expect(INDUSTRIES).toHaveLength(26);
    expect(INDUSTRY_SKILLS['Content Creator']).toEqual(['Writer', 'Editor', 'Talent', 'Director', 'Producer', 'Props', 'Researcher']);
    expect(INDUSTRY_SKILLS.Other).toHaveLength(4);
    for (const industry of INDUSTRIES.filter((i) => i !== 'Other' && i !== 'Content Creator')) expect(INDUSTRY_SKILLS[industry], industry).toHaveLength(5);
  });

  it('saves each settings page group alone, keeping the others', async () => {
    const pages: Record<string, unknown>[] = [
      { industry: 'Food & Beverage', team_skills: ['Baker', 'Chef'] },
      { output: { posts_per_week: 5, platforms: ['instagram', 'tiktok'] } },
      { goal: { primary: 'community', description: 'Regulars who bring friends' } },
      { content_pillars: [{ name: 'Behind the oven', description: 'Early mornings' }, { name: 'Seasonal bakes' }] },
      { content_formats: ['Reels', 'Carousels'], other_preferences: 'No stock photos' },
      { off_brand: { rules: ['Never mock other bakeries'], terms: ['cheap', 'artisanal'] } },
      { slate_review_day: 'Thursday', slate_growth_content: 50, slate_trust_building_content: 30, slate_sales_promotions_content: 20 },
      { brand_fit_min_score: 70 },
    ];
    for (const page of pages) {
      const answer = await api('PUT', settings(), { token: member.token, body: page });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const read = await must(member, 'GET', settings());
    expect(read).toMatchObject({
      industry: 'Food & Beverage',
      team_skills: ['Baker', 'Chef'],
      output: { posts_per_week: 5, platforms: ['instagram', 'tiktok'] },
      goal: { primary: 'community', description: 'Regulars who bring friends' },
      content_pillars: [{ name: 'Behind the oven', description: 'Early mornings' }, { name: 'Seasonal bakes', description: '' }],
      content_formats: ['Reels', 'Carousels'],
      other_preferences: 'No stock photos',
      off_brand: { rules: ['Never mock other bakeries'], terms: ['cheap', 'artisanal'] },
      slate_review_day: 'Thursday',
      slate_growth_content: 50,
      slate_trust_building_content: 30,
      slate_sales_promotions_content: 20,
      brand_fit_min_score: 70,
      name: 'Bakery brand',
    });
    // Manage Project's own edit (PATCH) still works beside it, and keeps the settings.
    expect((await api('PATCH', settings(), { token: owner.token, body: { name: 'Bakery brand' } })).status).toBe(200);
    // A new industry keeps only its own skills.
    const moved = await put(member, settings(), { industry: 'Content Creator' });
    expect(moved.team_skills).toEqual([]);
    const cleared = await put(member, settings(), { brand_fit_min_score: null, industry: null });
    expect(cleared).toMatchObject({ brand_fit_min_score: null, industry: null, slate_review_day: 'Thursday' });
  });

  it('refuses slate shares over 100 together, naming the field sent, and writes nothing', async () => {
    const fresh = (await createProject(owner, 'Shares brand')).uid;
    await put(owner, settings(fresh), { slate_growth_content: 60, slate_trust_building_content: 40 });
    const over = await api('PUT', settings(fresh), { token: owner.token, body: { slate_sales_promotions_content: 1, slate_review_day: 'Monday' } });
    expect(over).toMatchObject({ status: 400, body: { code: 'bad_request', field: 'slate_sales_promotions_content', message: expect.stringContaining('slate_sales_promotions_content') } });
    expect(await must(owner, 'GET', settings(fresh))).toMatchObject({ slate_sales_promotions_content: 0, slate_review_day: 'Friday' });
    const ranges: [Record<string, unknown>, string][] = [
      [{ slate_growth_content: 101 }, 'slate_growth_content'],
      [{ slate_trust_building_content: -1 }, 'slate_trust_building_content'],
      [{ slate_growth_content: 2.5 }, 'slate_growth_content'],
      [{ slate_review_day: 'friday ' }, 'slate_review_day'],
      [{ industry: 'Bakeries' }, 'industry'],
      [{ industry: 'Media', team_skills: ['Baker'] }, 'team_skills.0'],
      [{ team_skills: ['Writer'] }, 'team_skills.0'],
      [{ output: { posts_per_week: 51, platforms: [] } }, 'output.posts_per_week'],
      [{ output: { posts_per_week: 3, platforms: ['myspace'] } }, 'output.platforms.0'],
      [{ goal: { primary: 'fame', description: '' } }, 'goal.primary'],
      [{ content_pillars: Array.from({ length: CONTENT_LIMITS.pillars + 1 }, (_, i) => ({ name: `P${i}` })) }, 'content_pillars'],
      [{ off_brand: { rules: [], terms: ['x'.repeat(61)] } }, 'off_brand.terms.0'],
      [{ brand_fit_min_score: 101 }, 'brand_fit_min_score'],
    ];
    for (const [body, field] of ranges) {
      const answer = await api('PUT', settings(fresh), { token: owner.token, body });
      expect(answer.status, `${JSON.stringify(body)} → ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.field).toBe(field);
    }
    // Lowering one share while raising another in the same save is fine.
    expect(await put(owner, settings(fresh), { slate_growth_content: 40, slate_sales_promotions_content: 20 })).toMatchObject({ slate_growth_content: 40, slate_sales_promotions_content: 20 });
  });

  it('limits each kind to its maximum', async () => {
    const fresh = (await createProject(owner, 'Full brand')).uid;
    for (let i = 0; i < CONTENT_LIMITS.itemsPerKind; i += 1) await must(owner, 'POST', path('/influences', fresh), { name: `Influence ${i}` });
    expect(await api('POST', path('/influences', fresh), { token: owner.token, body: { name: 'One too many' } })).toMatchObject({ status: 409, body: { code: 'content_limit_reached' } });
    expect(await must(owner, 'GET', path('/influences', fresh))).toHaveLength(CONTENT_LIMITS.itemsPerKind);
  });
});
