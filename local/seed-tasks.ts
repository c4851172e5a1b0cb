import { gradientPng } from './png';
import { API_PREFIX, routes, type RouteBody, type RouteName, type RouteParams, type RouteResponse, type Routes } from '#shared/routes';
import { REVIEWABLE_STATUSES, STATUS_TRANSITIONS, type CreateTaskBody, type TaskStatus } from '#shared/schemas/task';
import type { CognitoLocal } from './cognito';
import { BRANDS, DEMO_TASKS, TEAMMATES, type BrandKey, type DemoTask, type PersonKey, type TeammateKey } from './seed-content';
import { seedBrandStrategy } from './seed-strategy';

/**
 * The living part of the demo workspace (local/seed-content.ts) put in through the real API, as people would:
 * teammates invited and joined, brands created with covers, tasks bulk-created and then moved along the allowed
 * status transitions, review decisions given from review links, comments (one with a PNG uploaded through the
 * presigned flow) and manual time entries. Every step runs once: `once` records it in the seed marker, so a
 * restart neither repeats what is done nor re-creates what the demo user has since deleted, and a step that
 * failed (a route still being written) is retried on the next start.
 */

export type Once = <T>(key: string, run: () => Promise<T>) => Promise<T>;

export type CallInput<N extends RouteName> = { params?: RouteParams<Routes[N]>; query?: Record<string, string>; body?: RouteBody<Routes[N]> };

const apiOf = (url: string) =>
  async <N extends RouteName>(token: string | undefined, name: N, input: CallInput<N> = {}): Promise<RouteResponse<Routes[N]>> => {
    const route = routes[name];
    const path = route.path.replace(/\{(\w+)\}/g, (_m, key: string) => encodeURIComponent(String((input.params as Record<string, unknown>)[key])));
    const search = input.query ? `?${new URLSearchParams(input.query)}` : '';
    const response = await fetch(`${url}${API_PREFIX}${path}${search}`, {
      method: route.method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(input.body ? { 'content-type': 'application/json' } : {}) },
      body: input.body ? JSON.stringify(input.body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${route.method} ${route.path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as RouteResponse<Routes[N]>;
  };

/** The shortest way from one status to another along STATUS_TRANSITIONS (the statuses after `from`). */
export const statusPath = (from: TaskStatus, to: TaskStatus): TaskStatus[] => {
  const previous = new Map<TaskStatus, TaskStatus>();
  const queue: TaskStatus[] = [from];
  while (queue.length) {
    const status = queue.shift()!;
    if (status === to) break;
    for (const next of STATUS_TRANSITIONS[status]) {
      if (next !== from && !previous.has(next)) {
        previous.set(next, status);
        queue.push(next);
      }
    }
  }
  if (from !== to && !previous.has(to)) throw new Error(`No allowed way from ${from} to ${to}`);
  const path: TaskStatus[] = [];
  for (let status = to; status !== from; status = previous.get(status)!) path.unshift(status);
  return path;
};

const putPresigned = async (upload: { url: string; headers: Record<string, string> }, bytes: Buffer) => {
  const response = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: new Uint8Array(bytes) });
  if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
};

const DAY_MS = 86_400_000;
/** A calendar day `days` from now, in this machine's time zone (what the calendar shows). */
const dayFromNow = (now: Date, days: number) => {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

/**
 * Start times for `count` manual entries inside this week (Monday on) during working hours, each ending
 * before now; early on a Monday, the hours just before now.
 */
const weekSlots = (now: Date, count: number, longestMinutes: number) => {
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
  const slots: Date[] = [];
  for (let day = 0; day < 7; day++) {
    for (const hour of [9.5, 11, 14, 16]) {
      const start = new Date(monday.getTime() + day * DAY_MS + hour * 3_600_000);
      if (start.getTime() + longestMinutes * 60_000 <= now.getTime()) slots.push(start);
    }
  }
  if (slots.length >= count) return Array.from({ length: count }, (_, i) => slots[Math.floor((i * slots.length) / count)]);
  return Array.from({ length: count }, (_, i) => new Date(now.getTime() - (i + 1) * (longestMinutes + 15) * 60_000));
};

/** Like Promise.all, but waits for every step to finish before failing, so none is left running after the seed. */
const settleAll = async <T>(work: readonly Promise<T>[]): Promise<T[]> => {
  const results = await Promise.allSettled(work);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
};

export type LivingSeedInput = {
  url: string;
  cognito: Pick<CognitoLocal, 'createConfirmedUser' | 'signIn' | 'findUser'>;
  demo: { email: string; password: string };
  workspaceId: string;
  once: Once;
};

export const seedLivingWorkspace = async ({ url, cognito, demo, workspaceId, once }: LivingSeedInput) => {
  const api = apiOf(url);
  const tokens = new Map<PersonKey, Promise<string>>();
  const tokenOf = (who: PersonKey) => {
    const credentials = who === 'demo' ? demo : { email: TEAMMATES[who].email, password: demo.password };
    if (!tokens.has(who)) tokens.set(who, cognito.signIn(credentials.email, credentials.password).then((auth) => auth.IdToken!));
    return tokens.get(who)!;
  };
  const as = async <N extends RouteName>(who: PersonKey, name: N, input: CallInput<N> = {}) => api(await tokenOf(who), name, input);
  const now = new Date();

  // Teammates (a Cognito user each, invited by the demo user, joined through the invite, with a display name) and
  // brands meanwhile; then covers (in the background) and both teammates granted each brand.
  const joinTeammate = async (key: TeammateKey) => {
    const { email, name } = TEAMMATES[key];
    await once(`teammate-user:${key}`, async () => {
      if (!(await cognito.findUser(email))) await cognito.createConfirmedUser(email, demo.password);
      return true;
    });
    const inviteUid = await once(`teammate-invite:${key}`, async () => (await as('demo', 'createInvite', { params: { workspaceId }, body: { email, role: 'member' } })).uid);
    await once(`teammate-join:${key}`, async () => (await as(key, 'acceptInvite', { params: { inviteUid } }), true));
    await once(`teammate-name:${key}`, async () => (await as(key, 'updateProfile', { body: { name } }), true));
  };
  const projects = {} as Record<BrandKey, string>;
  const createBrand = async (key: BrandKey) => {
    const { cover, ...body } = BRANDS[key];
    projects[key] = await once(`brand:${key}`, async () => (await as('demo', 'createProject', { params: { workspaceId }, body })).uid);
  };
  const brandKeys = Object.keys(BRANDS) as BrandKey[];
  const teammateKeys = Object.keys(TEAMMATES) as TeammateKey[];
  await settleAll([...teammateKeys.map(joinTeammate), ...brandKeys.map(createBrand)]);

  const people: Partial<Record<PersonKey, string>> = {};
  const uidOf = async (who: PersonKey) =>
    (people[who] ??= JSON.parse(Buffer.from((await tokenOf(who)).split('.')[1], 'base64url').toString()).sub as string);
  const covers = settleAll(
    brandKeys.map((key) =>
      once(`brand-cover:${key}`, async () => {
        const image = gradientPng(480, 270, BRANDS[key].cover);
        const params = { workspaceId, projectId: projects[key] };
        const upload = await as('demo', 'createCoverUpload', { params, body: { name: `${BRANDS[key].name} cover.png`, size: image.length, content_type: 'image/png' } });
        await putPresigned(upload, image);
        await as('demo', 'confirmCover', { params, body: { key: upload.key } });
        return true;
      }),
    ),
  );
  // Awaited at the end; marked handled now so a failure meanwhile is not an unhandled rejection.
  covers.catch(() => undefined);
  // Assignees must be able to open the brand before tasks name them.
  await settleAll(
    brandKeys.flatMap((key) =>
      teammateKeys.map((who) =>
        once(`brand-grant:${key}:${who}`, async () => (await as('demo', 'grantProjectAccess', { params: { workspaceId, projectId: projects[key] }, body: { userId: await uidOf(who) } }), true)),
      ),
    ),
  );

  // Each brand's content strategy (voices, audiences, influences, settings, feedback), as the brand-setup wizard saves it.
  await settleAll(brandKeys.map((key) => seedBrandStrategy((name, input) => as('demo', name, input), once, workspaceId, key, projects[key])));

  // Tasks: created together (all or none), each in its first status; the rest of their story follows.
  const createdStatus = (task: DemoTask): TaskStatus => (task.status === 'draft' ? 'draft' : 'todo');
  const taskIds = await once('tasks', async () => {
    const tickets: CreateTaskBody[] = [];
    for (const task of DEMO_TASKS) {
      tickets.push({
        ...task.fields,
        project_uid: projects[task.brand],
        status: createdStatus(task),
        assignee: task.assignee ? await uidOf(task.assignee) : null,
        due_date: task.dueInDays === undefined ? null : dayFromNow(now, task.dueInDays),
        ...(task.filmInDays === undefined ? {} : { film_date: dayFromNow(now, task.filmInDays) }),
        ...(task.postedInDays === undefined ? {} : { posted_date: dayFromNow(now, task.postedInDays) }),
        ...(task.reminderInMinutes === undefined ? {} : { reminder: { at: new Date(now.getTime() + task.reminderInMinutes * 60_000).toISOString(), enabled: true } }),
      });
    }
    const created = await as('demo', 'bulkCreateTasks', { params: { workspaceId }, body: { tickets } });
    return Object.fromEntries(DEMO_TASKS.map((task, i) => [task.key, created[i].uid]));
  });

  const entries = DEMO_TASKS.flatMap((task) => (task.minutes ?? []).map((minutes, i) => ({ task, minutes, i })));
  const slots = weekSlots(now, entries.length, Math.max(0, ...entries.map((e) => e.minutes)));
  const entrySlot = new Map(entries.map((entry, n) => [`${entry.task.key}:${entry.i}`, slots[n]]));

  // Each task's story in order; the tasks side by side.
  const tell = async (task: DemoTask) => {
    const id = taskIds[task.key];
    const query = { workspaceId };
    // A review decision is the last step of a reviewed task: walk to a reviewable status, decide from the link.
    const walkTo = task.review ? REVIEWABLE_STATUSES[0] : task.status;
    for (const status of statusPath(createdStatus(task), walkTo)) {
      await once(`status:${task.key}:${status}`, async () => (await as('demo', 'updateTask', { params: { id }, query, body: { status } }), true));
    }
    if (task.review || task.reviewLink) {
      const token = await once(`review-link:${task.key}`, async () => (await as('demo', 'createReviewLink', { params: { id }, query })).token);
      if (task.review) {
        const { reviewer, comment } = task.review;
        const decision = task.status as 'approved' | 'rejected';
        await once(`review:${task.key}`, async () => (await api(undefined, 'decideReview', { params: { token }, body: { decision, comment, reviewer_name: reviewer } }), true));
      }
    }
    for (const [i, comment] of (task.comments ?? []).entries()) {
      await once(`comment:${task.key}:${i}`, async () => {
        const attachments: string[] = [];
        if (comment.png) {
          const image = gradientPng(320, 180, comment.png.rgb);
          const { uploads } = await as(comment.by, 'createUploads', {
            params: { id },
            query,
            body: { purpose: 'attachment', files: [{ name: comment.png.name, size: image.length, content_type: 'image/png' }] },
          });
          await putPresigned(uploads[0], image);
          attachments.push(uploads[0].key);
        }
        await as(comment.by, 'createComment', { params: { id }, query, body: { text: comment.text, ...(attachments.length ? { attachments } : {}) } });
        return true;
      });
    }
    for (const [i, minutes] of (task.minutes ?? []).entries()) {
      await once(`time:${task.key}:${i}`, async () => {
        const start = entrySlot.get(`${task.key}:${i}`)!;
        const body = { started_at: start.toISOString(), ended_at: new Date(start.getTime() + minutes * 60_000).toISOString() };
        return (await as('demo', 'createTimeEntry', { params: { id }, query, body })).uid;
      });
    }
  };
  await settleAll<unknown>([...DEMO_TASKS.map(tell), covers]);
  return { projects, tasks: Object.keys(taskIds).length };
};
