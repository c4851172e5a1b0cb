import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import type { RouteName } from '#shared/routes';
import { MAX_ATTACHMENT_BYTES } from '#shared/schemas/collab';
import { api, userWithWorkspace } from '../support/api';
import { ws, type Case, type World } from '../support/route-case';
import { joinWorkspace, userIdOf } from '../support/team';

type Owner = { token: string; workspaceId: string };
const HOUR = 3_600_000;

/** The owner's call that must succeed while setting up; answers its body. */
export const made = async (owner: { token: string }, method: 'POST' | 'PATCH' | 'PUT', path: string, body: unknown) => {
  const answer = await api(method, path, { token: owner.token, body });
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/** A new project (brand) of the owner's workspace, unique name. */
export const newProject = (owner: Owner): Promise<{ uid: string; slug: string }> =>
  made(owner, 'POST', `/workspaces/${owner.workspaceId}/projects`, { name: `Collab ${randomUUID().slice(0, 8)}` });

/** A new task in a project (a new project when none is named). */
export const newTask = async (owner: Owner, fields: Record<string, unknown> = {}): Promise<{ uid: string; project_uid: string; id: number }> => {
  const projectUid = (fields.project_uid as string | undefined) ?? (await newProject(owner)).uid;
  return made(owner, 'POST', `/workspaces/${owner.workspaceId}/tickets`, { summary: `Collab task ${randomUUID().slice(0, 6)}`, ...fields, project_uid: projectUid });
};

/** PUTs `bytes` to a presigned upload exactly as a browser would (the returned headers, the body's own length). */
export const putUpload = async (upload: { url: string; headers: Record<string, string> }, bytes: Uint8Array<ArrayBuffer>) => {
  const response = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: bytes });
  if (!response.ok) throw new Error(`PUT upload: ${response.status} ${await response.text()}`);
};

/** Requests uploads for files and PUTs each; answers the keys. */
export const uploadFiles = async (owner: { token: string }, taskId: string, purpose: 'attachment' | 'audio', files: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> }[]) => {
  const { uploads } = await made(owner, 'POST', `/tickets/${taskId}/uploads`, {
    purpose,
    files: files.map((file) => ({ name: file.name, size: file.bytes.length, content_type: file.type })),
  });
  await Promise.all(uploads.map((upload: { url: string; headers: Record<string, string> }, i: number) => putUpload(upload, files[i]!.bytes)));
  return uploads.map((upload: { key: string }) => upload.key) as string[];
};

export const bytes = (size: number, fill = 7) => new Uint8Array(size).fill(fill);
export const pastEntry = (hoursAgo = 3, hours = 1) => ({
  started_at: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
  ended_at: new Date(Date.now() - (hoursAgo - hours) * HOUR).toISOString(),
});

/**
 * Runs the send-reminders job in this process, as the scheduler would, with the functions' environment and the
 * clock moved `aheadMs` (so a reminder set in the future is due now, while the stack's own scheduler, on the real
 * clock, leaves it alone).
 */
export const runReminderJob = async (aheadMs: number) => {
  Object.assign(process.env, inject('functionEnv'));
  process.env.CLOCK_OFFSET_MS = String(aheadMs);
  try {
    const { handler } = await import('../../../functions/jobs/send-reminders');
    const { scheduledEvent } = await import('../../../local/scheduler');
    return await handler(scheduledEvent('send-reminders'));
  } finally {
    delete process.env.CLOCK_OFFSET_MS;
  }
};

/** A reminder an hour ahead on a task assigned to `assignee`, then the job run as if that hour had passed. */
export const remindedTask = async (owner: Owner, assigneeId: string) => {
  const at = new Date(Date.now() + HOUR).toISOString();
  const task = await newTask(owner, { assignee: assigneeId, reminder: { at, enabled: true } });
  await runReminderJob(HOUR + 60_000);
  return task;
};

/** Alice's task used by most cases (one project, made once). */
let aliceTask: Promise<{ uid: string; project_uid: string }> | undefined;
const taskOf = (w: World) => (aliceTask ??= newTask(w.alice));

/** A workspace apart from Alice's (its seats stay out of her way) with a project, and a member granted it. */
let projectTeam: Promise<{ owner: Awaited<ReturnType<typeof userWithWorkspace>>; member: Awaited<ReturnType<typeof joinWorkspace>>; projectId: string }> | undefined;
const team = () =>
  (projectTeam ??= (async () => {
    const owner = await userWithWorkspace('olga', 'Olga brands');
    const member = await joinWorkspace(owner, owner.workspaceId, 'member', 'milo');
    const { uid } = await newProject(owner);
    await made(owner, 'POST', `/workspaces/${owner.workspaceId}/projects/${uid}/users`, { userId: member.userId });
    return { owner, member, projectId: uid };
  })());

const aliceComment = async (w: World) => {
  const task = await taskOf(w);
  return { task, comment: await made(w.alice, 'POST', `/tickets/${task.uid}/comments`, { text: 'To be deleted' }) };
};
const aliceEntry = async (w: World) => {
  const task = await taskOf(w);
  return { task, entry: await made(w.alice, 'POST', `/tickets/${task.uid}/time-entries`, pastEntry(5)) };
};
const aliceCoverUpload = async (w: World) => {
  const project = await newProject(w.alice);
  const upload = await made(w.alice, 'POST', `${ws(w)}/projects/${project.uid}/cover-upload`, { name: 'Cover Shot.PNG', size: 64, content_type: 'image/png' });
  return { project, upload };
};

/** Integration cases of comments, uploads, time entries, notifications, project users and covers. */
export const collabCases = {
  listComments: {
    happy: async (w) => {
      const task = await taskOf(w);
      await made(w.alice, 'POST', `/tickets/${task.uid}/comments`, { text: 'First!' });
      return api('GET', `/tickets/${task.uid}/comments`, { token: w.alice.token });
    },
    expectHappy: ({ body }, w) => {
      const first = body.find((c: { text: string }) => c.text === 'First!');
      expect(first).toMatchObject({ uid: expect.any(String), task_uid: expect.any(String), author: userIdOf(w.alice.token), attachments: [], audio: null, created_at: expect.any(String) });
      // Alice's display name, once another case has set it.
      expect([null, expect.any(String)]).toContainEqual(first.author_name);
    },
    bad: { call: (w) => api('GET', '/tickets/bad!id/comments', { token: w.alice.token }), field: 'id' },
    foreign: async (w) => api('GET', `/tickets/${(await taskOf(w)).uid}/comments`, { token: w.mallory.token }),
  },
  createUploads: {
    happy: async (w) =>
      api('POST', `/tickets/${(await taskOf(w)).uid}/uploads`, {
        token: w.alice.token,
        body: { purpose: 'attachment', files: [{ name: 'Café Menu & Prices.PDF', size: 2048, content_type: 'application/pdf' }] },
      }),
    expectHappy: ({ status, body }, w) => {
      expect(status).toBe(201);
      expect(body.uploads).toEqual([
        {
          key: expect.stringMatching(new RegExp(`^pending/${userIdOf(w.alice.token)}/workspaces/${w.alice.workspaceId}/tickets/[^/]+/[^/]+/cafe-menu-and-prices\\.pdf$`)),
          name: 'cafe-menu-and-prices.pdf',
          url: expect.stringContaining('X-Amz-SignedHeaders=content-length%3Bcontent-type'),
          headers: { 'content-type': 'application/pdf', 'x-amz-tagging': 'upload=pending' },
        },
      ]);
    },
    bad: {
      call: async (w) =>
        api('POST', `/tickets/${(await taskOf(w)).uid}/uploads`, {
          token: w.alice.token,
          body: { purpose: 'attachment', files: [{ name: 'big.mp4', size: MAX_ATTACHMENT_BYTES + 1, content_type: 'video/mp4' }] },
        }),
      field: 'files.0.size',
    },
    foreign: async (w) =>
      api('POST', `/tickets/${(await taskOf(w)).uid}/uploads`, {
        token: w.mallory.token,
        body: { purpose: 'attachment', files: [{ name: 'a.png', size: 1, content_type: 'image/png' }] },
      }),
  },
  createComment: {
    happy: async (w) => api('POST', `/tickets/${(await taskOf(w)).uid}/comments`, { token: w.alice.token, body: { text: '  Nice hook  ' } }),
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ text: 'Nice hook', attachments: [], audio: null });
    },
    bad: { call: async (w) => api('POST', `/tickets/${(await taskOf(w)).uid}/comments`, { token: w.alice.token, body: { text: 'x'.repeat(10_001) } }), field: 'text' },
    foreign: async (w) => api('POST', `/tickets/${(await taskOf(w)).uid}/comments`, { token: w.mallory.token, body: { text: 'Mine' } }),
  },
  deleteComment: {
    happy: async (w) => {
      const { task, comment } = await aliceComment(w);
      return api('DELETE', `/tickets/${task.uid}/comments/${comment.uid}`, { token: w.alice.token });
    },
    expectHappy: ({ status }) => expect(status).toBe(204),
    bad: { call: async (w) => api('DELETE', `/tickets/${(await taskOf(w)).uid}/comments/bad!id`, { token: w.alice.token }), field: 'commentId' },
    foreign: async (w) => {
      const { task, comment } = await aliceComment(w);
      return api('DELETE', `/tickets/${task.uid}/comments/${comment.uid}`, { token: w.mallory.token });
    },
  },
  getTaskWatchers: {
    happy: async (w) => api('GET', `/tickets/${(await taskOf(w)).uid}/watchers`, { token: w.alice.token }),
    expectHappy: ({ body }, w) => {
      // Alice created the task: she watches it without having chosen to (unless the set case stopped her).
      expect(body.watchers).toEqual(body.watching ? [{ user_uid: userIdOf(w.alice.token), name: expect.any(String) }] : []);
    },
    bad: { call: (w) => api('GET', '/tickets/bad!id/watchers', { token: w.alice.token }), field: 'id' },
    foreign: async (w) => api('GET', `/tickets/${(await taskOf(w)).uid}/watchers`, { token: w.mallory.token }),
  },
  setTaskWatch: {
    happy: async (w) => {
      const task = await newTask(w.alice);
      const stopped = await api('PUT', `/tickets/${task.uid}/watch`, { token: w.alice.token, body: { watching: false } });
      expect(stopped.body).toEqual({ watching: false, watchers: [] });
      return api('PUT', `/tickets/${task.uid}/watch`, { token: w.alice.token, body: { watching: true } });
    },
    expectHappy: ({ status, body }, w) => {
      expect(status).toBe(200);
      expect(body).toEqual({ watching: true, watchers: [{ user_uid: userIdOf(w.alice.token), name: expect.any(String) }] });
    },
    bad: { call: async (w) => api('PUT', `/tickets/${(await taskOf(w)).uid}/watch`, { token: w.alice.token, body: { watching: 'yes' } }), field: 'watching' },
    foreign: async (w) => api('PUT', `/tickets/${(await taskOf(w)).uid}/watch`, { token: w.mallory.token, body: { watching: true } }),
  },
  listTaskTimeEntries: {
    happy: async (w) => {
      const { task } = await aliceEntry(w);
      return api('GET', `/tickets/${task.uid}/time-entries`, { token: w.alice.token });
    },
    expectHappy: ({ body }, w) => {
      expect(body.total_spent).toBe(body.entries.reduce((sum: number, e: { seconds: number }) => sum + e.seconds, 0));
      expect(body.entries[0]).toMatchObject({ user_uid: userIdOf(w.alice.token), project_uid: expect.any(String), seconds: 3600 });
    },
    bad: { call: (w) => api('GET', '/tickets/bad!id/time-entries', { token: w.alice.token }), field: 'id' },
    foreign: async (w) => api('GET', `/tickets/${(await taskOf(w)).uid}/time-entries`, { token: w.mallory.token }),
  },
  createTimeEntry: {
    happy: async (w) => api('POST', `/tickets/${(await taskOf(w)).uid}/time-entries`, { token: w.alice.token, body: pastEntry(8, 2) }),
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ seconds: 7200, ended_at: expect.any(String), project_uid: expect.any(String) });
    },
    bad: { call: async (w) => api('POST', `/tickets/${(await taskOf(w)).uid}/time-entries`, { token: w.alice.token, body: { started_at: 'yesterday' } }), field: 'started_at' },
    foreign: async (w) => api('POST', `/tickets/${(await taskOf(w)).uid}/time-entries`, { token: w.mallory.token, body: {} }),
  },
  updateTimeEntry: {
    happy: async (w) => {
      const { task, entry } = await aliceEntry(w);
      return api('PATCH', `/tickets/${task.uid}/time-entries/${entry.uid}`, { token: w.alice.token, body: { ended_at: new Date(Date.parse(entry.started_at) + 1_800_000).toISOString() } });
    },
    expectHappy: ({ body }) => expect(body).toMatchObject({ seconds: 1800 }),
    bad: {
      call: async (w) => {
        const { task, entry } = await aliceEntry(w);
        return api('PATCH', `/tickets/${task.uid}/time-entries/${entry.uid}`, { token: w.alice.token, body: { stop: 'yes' } });
      },
      field: 'stop',
    },
    foreign: async (w) => {
      const { task, entry } = await aliceEntry(w);
      return api('PATCH', `/tickets/${task.uid}/time-entries/${entry.uid}`, { token: w.mallory.token, body: { stop: true } });
    },
  },
  deleteTimeEntry: {
    happy: async (w) => {
      const { task, entry } = await aliceEntry(w);
      return api('DELETE', `/tickets/${task.uid}/time-entries/${entry.uid}`, { token: w.alice.token });
    },
    expectHappy: ({ status }) => expect(status).toBe(204),
    bad: { call: async (w) => api('DELETE', `/tickets/${(await taskOf(w)).uid}/time-entries/bad!id`, { token: w.alice.token }), field: 'entryId' },
    foreign: async (w) => {
      const { task, entry } = await aliceEntry(w);
      return api('DELETE', `/tickets/${task.uid}/time-entries/${entry.uid}`, { token: w.mallory.token });
    },
  },
  listNotifications: {
    happy: async (w) => {
      await remindedTask(w.alice, userIdOf(w.alice.token));
      return api('GET', '/notifications', { token: w.alice.token });
    },
    expectHappy: ({ body }, w) =>
      expect(body[0]).toMatchObject({ type: 'reminder', read: false, workspace_uid: w.alice.workspaceId, ticket_url: expect.stringMatching(/^\/project\/[^/]+\/tasks\/[^/]+$/) }),
  },
  readNotification: {
    happy: async (w) => {
      await remindedTask(w.alice, userIdOf(w.alice.token));
      const [newest] = (await api('GET', '/notifications', { token: w.alice.token })).body;
      return api('POST', `/notifications/${newest.uid}/read`, { token: w.alice.token });
    },
    expectHappy: ({ body }) => expect(body).toMatchObject({ type: 'reminder', read: true }),
    bad: { call: (w) => api('POST', '/notifications/bad!id/read', { token: w.alice.token }), field: 'notificationId' },
  },
  listProjectUsers: {
    happy: async () => {
      const { owner, projectId } = await team();
      return api('GET', `/workspaces/${owner.workspaceId}/projects/${projectId}/users`, { token: owner.token });
    },
    expectHappy: ({ body }) =>
      expect(body).toEqual([
        { user_uid: expect.any(String), email: expect.stringMatching(/^olga-/), name: null, role: 'owner', status: 'granted' },
        { user_uid: expect.any(String), email: expect.stringMatching(/^milo-/), name: null, role: 'member', status: 'granted' },
      ]),
    bad: { call: (w) => api('GET', `${ws(w)}/projects/bad!id/users`, { token: w.alice.token }), field: 'projectId' },
    foreign: (w) => api('GET', `${ws(w)}/projects/abc/users`, { token: w.mallory.token }),
  },
  removeProjectUser: {
    happy: async () => {
      const { owner, member } = await team();
      const { uid } = await newProject(owner);
      await made(owner, 'POST', `/workspaces/${owner.workspaceId}/projects/${uid}/users`, { userId: member.userId });
      return api('DELETE', `/workspaces/${owner.workspaceId}/projects/${uid}/users/${member.userId}`, { token: owner.token });
    },
    expectHappy: ({ status }) => expect(status).toBe(204),
    bad: { call: (w) => api('DELETE', `${ws(w)}/projects/abc/users/bad!id`, { token: w.alice.token }), field: 'userId' },
    foreign: (w) => api('DELETE', `${ws(w)}/projects/abc/users/xyz`, { token: w.mallory.token }),
  },
  createCoverUpload: {
    happy: async (w) => {
      const project = await newProject(w.alice);
      return api('POST', `${ws(w)}/projects/${project.uid}/cover-upload`, { token: w.alice.token, body: { name: 'Cover Shot.PNG', size: 64, content_type: 'image/png' } });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ key: expect.stringMatching(/\/cover\/[^/]+\/cover-shot\.png$/), name: 'cover-shot.png', headers: { 'content-type': 'image/png' } });
    },
    bad: { call: (w) => api('POST', `${ws(w)}/projects/abc/cover-upload`, { token: w.alice.token, body: { name: 'brief.pdf', size: 64, content_type: 'application/pdf' } }), field: 'content_type' },
    foreign: (w) => api('POST', `${ws(w)}/projects/abc/cover-upload`, { token: w.mallory.token, body: { name: 'c.png', size: 1, content_type: 'image/png' } }),
  },
  confirmCover: {
    happy: async (w) => {
      const { project, upload } = await aliceCoverUpload(w);
      await putUpload(upload, bytes(64));
      return api('PUT', `${ws(w)}/projects/${project.uid}/cover`, { token: w.alice.token, body: { key: upload.key } });
    },
    expectHappy: ({ body }) => expect(body).toMatchObject({ cover_url: expect.stringMatching(/^http.*cover-shot\.png\?.*X-Amz-Signature=/) }),
    bad: { call: (w) => api('PUT', `${ws(w)}/projects/abc/cover`, { token: w.alice.token, body: { key: '' } }), field: 'key' },
    foreign: (w) => api('PUT', `${ws(w)}/projects/abc/cover`, { token: w.mallory.token, body: { key: 'workspaces/x/projects/abc/cover/abcdefgh/c.png' } }),
  },
  createLogoUpload: {
    happy: (w) => api('POST', `${ws(w)}/logo-upload`, { token: w.alice.token, body: { name: 'Studio Logo.PNG', size: 64, content_type: 'image/png' } }),
    expectHappy: ({ status, body }, w) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ key: expect.stringMatching(new RegExp(`^pending/[^/]+/workspaces/${w.alice.workspaceId}/logo/[^/]+/studio-logo\\.png$`)), name: 'studio-logo.png', headers: { 'content-type': 'image/png' } });
    },
    bad: { call: (w) => api('POST', `${ws(w)}/logo-upload`, { token: w.alice.token, body: { name: 'logo.svg', size: 64, content_type: 'image/svg+xml' } }), field: 'content_type' },
    foreign: (w) => api('POST', `${ws(w)}/logo-upload`, { token: w.mallory.token, body: { name: 'l.png', size: 1, content_type: 'image/png' } }),
  },
  confirmLogo: {
    happy: async (w) => {
      const upload = await made(w.alice, 'POST', `${ws(w)}/logo-upload`, { name: 'logo.png', size: 64, content_type: 'image/png' });
      await putUpload(upload, bytes(64));
      return api('PUT', `${ws(w)}/logo`, { token: w.alice.token, body: { key: upload.key } });
    },
    expectHappy: ({ body }, w) => expect(body).toMatchObject({ uid: w.alice.workspaceId, logo_url: expect.stringMatching(/^http.*\/logo\/[^/]+\/logo\.png\?.*X-Amz-Signature=/) }),
    bad: { call: (w) => api('PUT', `${ws(w)}/logo`, { token: w.alice.token, body: { key: '' } }), field: 'key' },
    foreign: (w) => api('PUT', `${ws(w)}/logo`, { token: w.mallory.token, body: { key: `workspaces/${w.alice.workspaceId}/logo/abcdefgh/l.png` } }),
  },
  removeLogo: {
    happy: (w) => api('DELETE', `${ws(w)}/logo`, { token: w.alice.token }),
    expectHappy: ({ status, body }, w) => {
      expect(status).toBe(200);
      expect(body).toMatchObject({ uid: w.alice.workspaceId, logo_url: null });
    },
    bad: { call: (w) => api('DELETE', '/workspaces/bad!id/logo', { token: w.alice.token }), field: 'workspaceId' },
    foreign: (w) => api('DELETE', `${ws(w)}/logo`, { token: w.mallory.token }),
  },
} satisfies Partial<Record<RouteName, Case>>;
