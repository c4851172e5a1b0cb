import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { API_PREFIX } from '#shared/routes';
import { NOTIFICATION_KINDS } from '#shared/schemas/collab';
import { mentionToken } from '#shared/mentions';
import { NOTIFICATION_DIGEST_SECONDS_ENV } from '#lib/config';
import { startStack, type Stack } from '../../local/stack';
import { eventually } from './support/deliveries';
import { ownUser } from './support/own-stack';
import { userIdOf } from './support/team';

/**
 * Notifications of what people wait on, end to end on a stack of this file's own (the email digest window is
 * shortened to a few seconds there): the change commits its event, the outbox hands it to the fan-out, which
 * writes the bell's notification and sends one email per person and window through the email queue.
 */
const WINDOW_SECONDS = 5;

let stack: Stack;
type Person = Awaited<ReturnType<typeof ownUser>> & { userId: string };
let owner: Person;
let sam: Person;
let outsider: Person;
let projectId: string;

const person = async (name: string): Promise<Person> => {
  const user = await ownUser(stack, name);
  return { ...user, userId: userIdOf(user.token) };
};

/** `who` joins the owner's workspace as a member, invited and accepting as people do. */
const join = async (who: Person) => {
  const invite = await owner.call('POST', `/workspaces/${owner.workspaceId}/invites`, { email: who.email, role: 'member' });
  expect(invite.status, JSON.stringify(invite.body)).toBe(201);
  expect((await who.call('POST', `/invites/${invite.body.uid}/accept`)).status).toBe(200);
};

const task = async (by: Person, fields: Record<string, unknown> = {}) => {
  const created = await by.call('POST', `/workspaces/${owner.workspaceId}/tickets`, { summary: `Post ${Date.now()}`, project_uid: projectId, ...fields });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { uid: string; id: number; summary: string };
};

type Bell = { uid: string; type: string; title: string; body: string; ticket_url: string; workspace_uid: string; read: boolean }[];
const bell = async (who: Person): Promise<Bell> => (await who.call('GET', '/notifications')).body;
const bellOf = (who: Person, count: number, match: (item: Bell[number]) => boolean = () => true) =>
  eventually(
    async () => (await bell(who)).filter(match),
    (items) => items.length >= count,
    20_000,
    `${count} notification(s) for ${who.email}`,
  );
const mailTo = (who: Person) => stack.mail.list().filter((mail) => mail.to.toLowerCase().includes(who.email.toLowerCase()));
/** The mails to a person whose subject (or, with `where: 'text'`, whose text) matches, once there is one. */
const mailOf = (who: Person, pattern: RegExp, where: 'subject' | 'text' = 'subject') =>
  eventually(async () => mailTo(who).filter((mail) => pattern.test(mail[where])), (mails) => mails.length > 0, 20_000, `mail ${pattern} to ${who.email}`);

const allOn = () => Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { in_app: true, email: true, push: true }]));

beforeAll(async () => {
  process.env[NOTIFICATION_DIGEST_SECONDS_ENV] = String(WINDOW_SECONDS);
  stack = await startStack({});
  owner = await person('owner');
  [sam, outsider] = await Promise.all([person('sam'), person('outsider')]);
  await sam.call('PATCH', '/me', { name: 'Sam Stone' });
  await owner.call('PATCH', '/me', { name: 'Olive Owner' });
  await join(sam);
  await join(outsider);
  const project = await owner.call('POST', `/workspaces/${owner.workspaceId}/projects`, { name: `Brand ${Date.now()}` });
  projectId = project.body.uid;
  // Sam may open the brand's tasks; the outsider is a member of the workspace without access to the brand.
  expect((await owner.call('POST', `/workspaces/${owner.workspaceId}/projects/${projectId}/users`, { userId: sam.userId })).status).toBe(201);
}, 120_000);

afterAll(async () => {
  delete process.env[NOTIFICATION_DIGEST_SECONDS_ENV];
  await stack?.stop();
});

describe('a review decision', () => {
  it('notifies whoever shared the link, in the bell and by one email, and the task creator', async () => {
    const post = await task(owner, { status: 'needs_approval' });
    const link = await sam.call('POST', `/tickets/${post.uid}/review-link`);
    expect(link.status).toBe(201);

    const decided = await fetch(`${stack.url}${API_PREFIX}/review/${link.body.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'approved', reviewer_name: 'Rita Client' }),
    });
    expect(decided.status).toBe(200);

    const [notice] = await bellOf(sam, 1, (item) => item.type === 'review_decision');
    expect(notice).toMatchObject({ title: `Rita Client approved #${post.id} ${post.summary}`, workspace_uid: owner.workspaceId, read: false });
    expect(notice!.ticket_url).toMatch(new RegExp(`^/project/[a-z0-9-]+/tasks/${post.uid}$`));
    const [mail] = await mailOf(sam, /approved/);
    expect(mail!.subject).toBe(`Rita Client approved #${post.id} ${post.summary}`);
    expect(mail!.text).toContain(`/tasks/${post.uid}`);
    // The creator watches the task without having chosen to.
    await bellOf(owner, 1, (item) => item.type === 'review_decision' && item.ticket_url.endsWith(post.uid));
  });
});

describe('a comment', () => {
  it('notifies the mentioned member once, as a mention (though also the assignee), and never the author', async () => {
    const post = await task(owner, { assignee: sam.userId });
    const text = `Can you check the hook, ${mentionToken('Sam Stone', sam.userId)}?`;
    const comment = await owner.call('POST', `/tickets/${post.uid}/comments`, { text });
    expect(comment.status, JSON.stringify(comment.body)).toBe(201);
    expect(comment.body).toMatchObject({ text, mentions: [sam.userId] });

    // (Sam also hears of the assignment itself, as its own notice.)
    const [mention, ...more] = await bellOf(sam, 1, (item) => item.ticket_url.endsWith(post.uid) && item.type !== 'assignment');
    expect(more).toEqual([]);
    expect(mention).toMatchObject({ type: 'mention', title: `Olive Owner mentioned you on #${post.id} ${post.summary}`, body: 'Can you check the hook, @Sam Stone?' });
    // The author is the task's creator, and still hears nothing of their own comment.
    // (By email with the assignment, when both fall in one window.)
    await mailOf(sam, /mentioned you/, 'text');
    expect((await bell(owner)).filter((item) => item.ticket_url.endsWith(post.uid))).toEqual([]);
  });

  it('refuses a mention of someone who cannot open the task (400 naming text), and of a stranger', async () => {
    const post = await task(owner);
    const noAccess = await owner.call('POST', `/tickets/${post.uid}/comments`, { text: `Hi ${mentionToken('Out', outsider.userId)}` });
    expect(noAccess).toMatchObject({ status: 400, body: { code: 'mention_invalid', field: 'text' } });
    const stranger = await owner.call('POST', `/tickets/${post.uid}/comments`, { text: `Hi ${mentionToken('Nobody', 'nobody123')}` });
    expect(stranger).toMatchObject({ status: 400, body: { code: 'mention_invalid', field: 'text' } });
  });
});

describe('watchers', () => {
  it('who chose to watch a task hear of its comments; its creator, once stopped, no more; nobody without access may watch', async () => {
    const post = await task(owner);
    const watched = await sam.call('PUT', `/tickets/${post.uid}/watch`, { watching: true });
    expect(watched).toMatchObject({ status: 200, body: { watching: true } });
    expect(watched.body.watchers).toEqual([
      { user_uid: owner.userId, name: 'Olive Owner' },
      { user_uid: sam.userId, name: 'Sam Stone' },
    ]);
    expect((await owner.call('GET', `/tickets/${post.uid}/watchers`)).body).toEqual(watched.body);
    // A member of the workspace without access to the brand may neither watch nor see who does.
    expect(await outsider.call('PUT', `/tickets/${post.uid}/watch`, { watching: true })).toMatchObject({ status: 403, body: { code: 'user_not_in_project' } });
    expect(await outsider.call('GET', `/tickets/${post.uid}/watchers`)).toMatchObject({ status: 403 });
    expect(await sam.call('PUT', `/tickets/${post.uid}/watch`, {})).toMatchObject({ status: 400, body: { field: 'watching' } });

    // Sam, neither creator nor assignee, hears of the owner's comment.
    expect((await owner.call('POST', `/tickets/${post.uid}/comments`, { text: 'Hook draft is in' })).status).toBe(201);
    const [heard] = await bellOf(sam, 1, (item) => item.type === 'comment' && item.ticket_url.endsWith(post.uid));
    expect(heard).toMatchObject({ title: `Olive Owner commented on #${post.id} ${post.summary}`, body: 'Hook draft is in' });

    // The owner stops watching their own task: Sam's comment reaches them no more.
    expect((await owner.call('PUT', `/tickets/${post.uid}/watch`, { watching: false })).body).toEqual({ watching: false, watchers: [{ user_uid: sam.userId, name: 'Sam Stone' }] });
    expect((await sam.call('POST', `/tickets/${post.uid}/comments`, { text: 'Looks good to me' })).status).toBe(201);
    // A later event the owner does hear of: once it is there, the comment's would have been too.
    const other = await task(sam);
    expect((await sam.call('PATCH', `/tickets/${other.uid}`, { assignee: owner.userId })).status).toBe(200);
    await bellOf(owner, 1, (item) => item.type === 'assignment' && item.ticket_url.endsWith(other.uid));
    expect((await bell(owner)).filter((item) => item.ticket_url.endsWith(post.uid))).toEqual([]);
  });
});

describe('an assignment', () => {
  it('notifies the new assignee, on a change or at the create, not the one who assigned it', async () => {
    const post = await task(owner);
    expect((await owner.call('PATCH', `/tickets/${post.uid}`, { assignee: sam.userId })).status).toBe(200);
    const [notice] = await bellOf(sam, 1, (item) => item.type === 'assignment' && item.ticket_url.endsWith(post.uid));
    expect(notice!.title).toBe(`Olive Owner assigned #${post.id} ${post.summary} to you`);

    // A task created assigned to someone tells them too.
    const created = await task(owner, { assignee: sam.userId });
    const [onCreate] = await bellOf(sam, 1, (item) => item.ticket_url.endsWith(created.uid));
    expect(onCreate).toMatchObject({ type: 'assignment', title: `Olive Owner assigned #${created.id} ${created.summary} to you` });

    // Assigning oneself tells nobody.
    const own = await task(owner);
    expect((await owner.call('PATCH', `/tickets/${own.uid}`, { assignee: owner.userId })).status).toBe(200);
    const later = await task(owner);
    expect((await owner.call('PATCH', `/tickets/${later.uid}`, { assignee: sam.userId })).status).toBe(200);
    await bellOf(sam, 1, (item) => item.ticket_url.endsWith(later.uid));
    expect((await bell(owner)).filter((item) => item.ticket_url.endsWith(own.uid))).toEqual([]);
  });
});

describe('at least once', () => {
  it('an event handed to the fan-out again writes nothing new: a read notification stays read, and single', async () => {
    const post = await task(owner);
    expect((await owner.call('PATCH', `/tickets/${post.uid}`, { assignee: sam.userId })).status).toBe(200);
    const [notice] = await bellOf(sam, 1, (item) => item.ticket_url.endsWith(post.uid));
    expect((await sam.call('POST', `/notifications/${notice!.uid}/read`)).body.read).toBe(true);

    const queue = stack.queues.find((q) => q.spec.id === 'notifications')!;
    const sqs = new SQSClient({ endpoint: stack.env.AWS_ENDPOINT_URL_SQS, region: stack.env.AWS_REGION, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    // The notification's id is its event's.
    await sqs.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: JSON.stringify({ type: 'event', eventId: notice!.uid }) }));
    await eventually(async () => (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queue.url, AttributeNames: ['All'] }))).Attributes, (a) => a?.ApproximateNumberOfMessages === '0' && a?.ApproximateNumberOfMessagesNotVisible === '0', 20_000, 'the fan-out to take it');
    sqs.destroy();
    expect((await bell(sam)).filter((item) => item.ticket_url.endsWith(post.uid))).toEqual([{ ...notice, read: true }]);
  });
});

describe('a late redelivery', () => {
  it('of an event after its window was mailed puts it into no later window: one email, as one notification', async () => {
    const post = await task(owner);
    expect((await owner.call('PATCH', `/tickets/${post.uid}`, { assignee: sam.userId })).status).toBe(200);
    const [notice] = await bellOf(sam, 1, (item) => item.ticket_url.endsWith(post.uid));
    const speaksOfPost = (mail: { text: string }) => mail.text.includes(`#${post.id} `);
    await mailOf(sam, new RegExp(`#${post.id} `), 'text');

    // The same event again, its window long closed and mailed (as SQS may, once a consumer timed out).
    const queue = stack.queues.find((q) => q.spec.id === 'notifications')!;
    const sqs = new SQSClient({ endpoint: stack.env.AWS_ENDPOINT_URL_SQS, region: stack.env.AWS_REGION, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    onTestFinished(() => sqs.destroy());
    await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000));
    await sqs.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: JSON.stringify({ type: 'event', eventId: notice!.uid }) }));
    await eventually(async () => (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queue.url, AttributeNames: ['All'] }))).Attributes, (a) => a?.ApproximateNumberOfMessages === '0' && a?.ApproximateNumberOfMessagesNotVisible === '0' && a?.ApproximateNumberOfMessagesDelayed === '0', 30_000, 'the fan-out to take it and its digest message');
    // Any later window it went into would have closed and been mailed by now.
    await new Promise((resolve) => setTimeout(resolve, (WINDOW_SECONDS + 3) * 1000));
    expect(mailTo(sam).filter(speaksOfPost)).toHaveLength(1);
  }, 60_000);
});

describe('settings', () => {
  it('turned off, a kind reaches the person neither in the bell nor by email', async () => {
    const settings = { ...allOn(), comment: { in_app: false, email: false, push: true } };
    expect((await sam.call('PUT', '/me/notification-settings', settings)).body).toEqual(settings);
    onTestFinished(async () => void (await sam.call('PUT', '/me/notification-settings', allOn())));
    const post = await task(owner, { assignee: sam.userId });
    const comment = await owner.call('POST', `/tickets/${post.uid}/comments`, { text: 'A comment Sam turned off' });
    expect(comment.status).toBe(201);
    // A later event Sam still gets: once it is there, the comment's would be too.
    const other = await task(owner);
    await owner.call('PATCH', `/tickets/${other.uid}`, { assignee: sam.userId });
    await bellOf(sam, 1, (item) => item.ticket_url.endsWith(other.uid));
    // (Its email may group it with an earlier event of the same window.)
    await mailOf(sam, new RegExp(`#${other.id} `), 'text');
    // Its window has closed too (the assignment's email is out): no email speaks of the comment.
    const all = await bell(sam);
    // (Other tests' comments may be in Sam's bell: this task's is not.)
    expect(all.filter((item) => item.type === 'comment' && item.ticket_url.endsWith(post.uid))).toEqual([]);
    expect(mailTo(sam).filter((mail) => mail.text.includes('A comment Sam turned off'))).toEqual([]);
  });
});

describe('grouping', () => {
  it('sends events that arrive together in one email per person, each listed', async () => {
    const post = await task(owner);
    // Start just after a window opens, so the three land in one window.
    const intoWindow = WINDOW_SECONDS * 1000 - (Date.now() % (WINDOW_SECONDS * 1000));
    await new Promise((resolve) => setTimeout(resolve, intoWindow + 100));
    const notes = ['First note', 'Second note', 'Third note'];
    const comments = await Promise.all(notes.map((text) => owner.call('POST', `/tickets/${post.uid}/comments`, { text: `${text} ${mentionToken('Sam Stone', sam.userId)}` })));
    expect(comments.map((c) => c.status)).toEqual([201, 201, 201]);

    await bellOf(sam, 3, (item) => item.type === 'mention' && item.ticket_url.endsWith(post.uid));
    // Sam's earlier windows may also have held three updates: the one meant here speaks of the notes.
    const [grouped] = await eventually(
      async () => mailTo(sam).filter((mail) => /^3 updates on your tasks$/.test(mail.subject) && mail.text.includes(notes[0]!)),
      (mails) => mails.length > 0,
      20_000,
      'the grouped mail of the notes',
    );
    for (const text of notes) expect(grouped!.text).toContain(text);
    // Every later message of that window finds its email sent: nothing else speaks of the notes.
    await new Promise((resolve) => setTimeout(resolve, (WINDOW_SECONDS + 3) * 1000));
    expect(mailTo(sam).filter((mail) => notes.some((text) => mail.text.includes(text)))).toHaveLength(1);
  });
});

// Last: its emails would join the grouping test's window.
describe('a bulk assignment', () => {
  it('notifies the new assignee of each task the table assigned them at once, and no one else', async () => {
    const posts = [await task(owner), await task(owner), await task(owner, { assignee: sam.userId })];
    const answer = await owner.call('POST', `/workspaces/${owner.workspaceId}/tickets/bulk-update`, {
      ids: posts.map((post) => post.uid),
      changes: { assignee: sam.userId, status: 'in_progress' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    const ofBulk = (item: Bell[number]) => item.type === 'assignment' && posts.slice(0, 2).some((post) => item.ticket_url.endsWith(post.uid));
    const notices = await bellOf(sam, 2, ofBulk);
    expect(notices.map((notice) => notice.title).sort()).toEqual(posts.slice(0, 2).map((post) => `Olive Owner assigned #${post.id} ${post.summary} to you`).sort());
    // The third was Sam's already (told at its create): the bulk change tells nothing new of it.
    const third = (await bell(sam)).filter((item) => item.ticket_url.endsWith(posts[2]!.uid));
    expect(third).toHaveLength(1);
  });
});
