import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_REVIEW_POSTS } from '#shared/schemas/collab';
import { api, userWithWorkspace } from './support/api';
import { userIdOf } from './support/team';
import { createProject, createTask, must } from './cases/task-cases';

type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;

describe('a review link of several posts', () => {
  let owner: Owner;
  let other: Owner;
  beforeAll(async () => {
    [owner, other] = await Promise.all([userWithWorkspace('rosa', 'Rosa content'), userWithWorkspace('otto', 'Otto elsewhere')]);
  }, 60_000);

  /** A post that went through the team's moves (todo → in progress → needs approval) before it was shared. */
  const waitingPost = async (fields: Record<string, unknown> = {}) => {
    const task = await createTask(owner, { ticket_type: 'post', post_platform: 'instagram', due_date: '2026-12-04', ...fields });
    await must(owner, 'PATCH', `/tickets/${task.uid}`, { status: 'in_progress' });
    await must(owner, 'PATCH', `/tickets/${task.uid}`, { status: 'needs_approval' });
    return task;
  };

  it('shows each post in the link order; a decision on one leaves the others waiting, each recorded on its task', async () => {
    // Arrange: three posts of two brands, shared in one link.
    const brand = await createProject(owner, 'Rosa bakery');
    const [first, second, third] = await Promise.all([
      waitingPost({ project_uid: brand.uid, summary: 'Monday croissant', caption: 'Fresh at 7' }),
      waitingPost({ project_uid: brand.uid, summary: 'Wednesday bread' }),
      waitingPost({ summary: 'Friday offer' }),
    ]);
    const shared = await api('POST', `/workspaces/${owner.workspaceId}/review-links`, { token: owner.token, body: { task_ids: [second.uid, first.uid, third.uid] } });
    expect(shared.status).toBe(201);
    expect(shared.body.url).toMatch(new RegExp(`/review/${shared.body.token}$`));

    // Act: the visitor reads the link, approves one and requests changes on another.
    const view = await api('GET', `/review/${shared.body.token}/posts`);
    const approved = await api('POST', `/review/${shared.body.token}/posts/${first.uid}`, { body: { decision: 'approved', reviewer_name: 'Client Cleo' } });
    const rejected = await api('POST', `/review/${shared.body.token}/posts/${second.uid}`, { body: { decision: 'rejected', comment: 'Warmer light please' } });

    // Assert: the link's order, the scheduled dates and platforms, the decisions per post.
    expect(view.status).toBe(200);
    expect(view.body.workspace_name).toBe('Rosa content');
    expect(view.body.posts.map((p: any) => [p.task.summary, p.task.ticket_type, p.task.due_date, p.task.post_platform, p.can_decide])).toEqual([
      ['Wednesday bread', 'post', '2026-12-04', 'instagram', true],
      ['Monday croissant', 'post', '2026-12-04', 'instagram', true],
      ['Friday offer', 'post', '2026-12-04', 'instagram', true],
    ]);
    expect(view.body.posts[1].task.caption).toBe('Fresh at 7');
    expect(approved.status).toBe(200);
    expect(rejected.status).toBe(200);
    expect(rejected.body.posts.map((p: any) => [p.task.status, p.can_decide, p.decisions.map((d: any) => d.decision)])).toEqual([
      ['rejected', false, ['rejected']],
      ['approved', false, ['approved']],
      ['needs_approval', true, []],
    ]);
    expect(rejected.body.posts[0].decisions[0]).toMatchObject({ comment: 'Warmer light please', reviewer_name: null });
    expect(rejected.body.posts[1].decisions[0]).toMatchObject({ comment: null, reviewer_name: 'Client Cleo' });
    const activity = await must(owner, 'GET', `/tickets/${first.uid}/activity`);
    expect(activity.at(-1)).toMatchObject({ type: 'review', actor: null, reviewer_name: 'Client Cleo', from: 'needs_approval', to: 'approved' });
    expect((await must(owner, 'GET', `/tickets/${second.uid}`)).status).toBe('rejected');
    expect((await must(owner, 'GET', `/tickets/${third.uid}`)).status).toBe('needs_approval');

    // A decided post takes no second decision through the link.
    const again = await api('POST', `/review/${shared.body.token}/posts/${first.uid}`, { body: { decision: 'rejected', comment: 'No' } });
    expect([again.status, again.body.code]).toEqual([409, 'task_not_in_review']);
  });

  it("says nothing of the team's moves or people: only the reviewers' decisions", async () => {
    const post = await waitingPost({ assignee: userIdOf(owner.token) });
    const { token } = await must(owner, 'POST', `/workspaces/${owner.workspaceId}/review-links`, { task_ids: [post.uid] });
    const answer = await api('GET', `/review/${token}/posts`);
    expect(answer.body.posts[0].decisions).toEqual([]);
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain(userIdOf(owner.token));
    expect(text).not.toContain(owner.email);
    for (const hidden of ['assignee', 'created_by', 'review_link', 'workspace_uid', 'call_notes', 'total_spent']) expect(answer.body.posts[0].task).not.toHaveProperty(hidden);

    // The one-task view of the older route no longer lists the moves either.
    const single = await must(owner, 'POST', `/tickets/${post.uid}/review-link`);
    expect((await api('GET', `/review/${single.token}`)).body.activity).toEqual([]);
  });

  it('refuses a set that is empty, too long, repeated, not waiting for review, or not of the workspace', async () => {
    const post = await waitingPost();
    const share = (task_ids: string[], by: Owner = owner) => api('POST', `/workspaces/${by.workspaceId}/review-links`, { token: by.token, body: { task_ids } });

    const empty = await share([]);
    const tooMany = await share(Array.from({ length: MAX_REVIEW_POSTS + 1 }, (_, i) => `${post.uid.slice(0, 50)}${i}`));
    const twice = await share([post.uid, post.uid]);
    const draft = await share([post.uid, (await createTask(owner, { status: 'todo' })).uid]);
    // Another workspace's member naming this one's post, and this one's member naming another workspace's post.
    const foreign = await share([post.uid], other);
    const elsewhere = await share([(await createTask(other, { status: 'needs_approval' })).uid]);
    const intruder = await api('POST', `/workspaces/${owner.workspaceId}/review-links`, { token: other.token, body: { task_ids: [post.uid] } });

    expect([empty.status, empty.body.field]).toEqual([400, 'task_ids']);
    expect([tooMany.status, tooMany.body.field]).toEqual([400, 'task_ids']);
    expect([twice.status, twice.body.field]).toEqual([400, 'task_ids']);
    expect([draft.status, draft.body.code]).toEqual([409, 'review_task_not_ready']);
    expect([foreign.status, foreign.body.code]).toEqual([404, 'task_not_found']);
    expect([elsewhere.status, elsewhere.body.code]).toEqual([404, 'task_not_found']);
    expect(intruder.status).toBe(403);
  });

  it('takes decisions only on its own posts; a deleted post drops out, and with none left the link is gone', async () => {
    const [kept, dropped, outside] = await Promise.all([waitingPost(), waitingPost(), waitingPost()]);
    const { token } = await must(owner, 'POST', `/workspaces/${owner.workspaceId}/review-links`, { task_ids: [kept.uid, dropped.uid] });

    const notInLink = await api('POST', `/review/${token}/posts/${outside.uid}`, { body: { decision: 'approved' } });
    expect([notInLink.status, notInLink.body.code]).toEqual([404, 'task_not_found']);
    expect((await must(owner, 'GET', `/tickets/${outside.uid}`)).status).toBe('needs_approval');

    expect((await api('DELETE', `/tickets/${dropped.uid}`, { token: owner.token })).status).toBe(204);
    expect((await api('GET', `/review/${token}/posts`)).body.posts.map((p: any) => p.task.uid)).toEqual([kept.uid]);

    expect((await api('DELETE', `/tickets/${kept.uid}`, { token: owner.token })).status).toBe(204);
    const gone = await api('GET', `/review/${token}/posts`);
    expect([gone.status, gone.body.code]).toEqual([404, 'review_link_not_found']);
  });

  it("serves a one-task link's post too, and stops with that link", async () => {
    const post = await waitingPost({ summary: 'Single post' });
    const first = await must(owner, 'POST', `/tickets/${post.uid}/review-link`);
    expect((await api('GET', `/review/${first.token}/posts`)).body.posts.map((p: any) => p.task.summary)).toEqual(['Single post']);

    const second = await must(owner, 'POST', `/tickets/${post.uid}/review-link`);
    const old = await api('POST', `/review/${first.token}/posts/${post.uid}`, { body: { decision: 'approved' } });
    expect([old.status, old.body.code]).toEqual([404, 'review_link_not_found']);
    const decided = await api('POST', `/review/${second.token}/posts/${post.uid}`, { body: { decision: 'approved' } });
    expect(decided.body.posts[0]).toMatchObject({ can_decide: false, task: { status: 'approved' } });
    // The one-task route sees the same decision.
    expect((await api('GET', `/review/${second.token}`)).body.activity.map((a: any) => a.to)).toEqual(['approved']);
  });
});
