import * as z from 'zod/mini';
import { id, isoDate, number, pattern, text, WEB_ADDRESS_MESSAGE } from './common';
import { taskIntegrationFields } from './integrations';
import { DUE_PRESETS, isTimeZone } from '../due-presets';

/**
 * The viewer's time zone (IANA name or UTC), for what "today" is where they are. Its examples let a test generate
 * names the runtime knows: the rule is the runtime's list, which no pattern describes.
 */
export const timeZone = text(64)
  .check(z.refine(isTimeZone, 'must be a time zone name (e.g. Europe/Paris)'))
  .register(z.globalRegistry, { examples: ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati'] });

/**
 * Tasks (tickets), spec sections 3 and 4. Everything a task is, written once: the statuses and the transitions the
 * server enforces, the types and which fields each shows, and the API shapes. The SPA and the functions read this.
 */

export const TASK_STATUSES = [
  'draft',
  'todo',
  'in_progress',
  'needs_approval',
  'approved',
  'in_review',
  'paused',
  'blocked',
  'will_not_do',
  'done',
  'published',
  'posted',
  'rejected',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/**
 * Where a task has ended up: nothing more will happen to it. For a content team a post that is live (posted) is
 * finished as much as a task marked done, and will_not_do is dropped. Everything else is still somebody's work,
 * including what waits on a reviewer or a client (needs_approval, in_review, approved), what is scheduled on a
 * platform but not live yet (published), what was sent back (rejected), and what is only an idea yet (draft).
 */
export const FINISHED_STATUSES: readonly TaskStatus[] = ['posted', 'done', 'will_not_do'];

/** The statuses of an open task: every status but the finished ones, in the workflow's order. */
export const OPEN_STATUSES: readonly TaskStatus[] = TASK_STATUSES.filter((status) => !FINISHED_STATUSES.includes(status));

export const isOpenStatus = (status: string) => OPEN_STATUSES.includes(status as TaskStatus);

/**
 * The task list's status filter when none is chosen: every open status. The spec's default (todo, in_progress,
 * paused) hid a post the moment it went for approval, from the table, the board and the calendar alike.
 */
export const DEFAULT_STATUS_FILTER: readonly TaskStatus[] = OPEN_STATUSES;

/** The way a content task usually goes, left to right: the kanban's default columns. */
export const PIPELINE_STATUSES: readonly TaskStatus[] = ['draft', 'todo', 'in_progress', 'needs_approval', 'in_review', 'approved', 'published', 'posted'];

/**
 * The allowed status changes (the spec leaves them open; this is our choice, enforced by the server and mirrored by
 * the kanban, the table and the task page). A content task flows draft → todo → in_progress → needs_approval or
 * in_review → approved → published (scheduled) → posted → done, and a team often skips a step: a draft is started
 * at once, work goes for approval straight from To do, an approved post is marked posted without a scheduler.
 * Work can pause or block and come back; a reviewer's rejection sends it back to work (or, once fixed, back for
 * review); a post taken off the schedule goes back to approved; finished and dropped tasks can be reopened. Nothing
 * reaches approved, published or posted without a review: only approving leaves the review states forward.
 */
export const STATUS_TRANSITIONS: Readonly<Record<TaskStatus, readonly TaskStatus[]>> = {
  draft: ['todo', 'in_progress', 'needs_approval', 'in_review', 'paused', 'will_not_do'],
  todo: ['draft', 'in_progress', 'needs_approval', 'in_review', 'paused', 'blocked', 'done', 'will_not_do'],
  in_progress: ['todo', 'needs_approval', 'in_review', 'paused', 'blocked', 'done', 'will_not_do'],
  paused: ['todo', 'in_progress', 'blocked', 'will_not_do'],
  blocked: ['todo', 'in_progress', 'paused', 'will_not_do'],
  needs_approval: ['todo', 'in_progress', 'in_review', 'approved', 'rejected', 'will_not_do'],
  in_review: ['todo', 'in_progress', 'needs_approval', 'approved', 'rejected', 'will_not_do'],
  rejected: ['todo', 'in_progress', 'needs_approval', 'in_review', 'will_not_do'],
  approved: ['in_progress', 'needs_approval', 'published', 'posted', 'done'],
  published: ['approved', 'posted', 'done'],
  posted: ['done', 'in_progress'],
  done: ['todo', 'in_progress'],
  will_not_do: ['draft', 'todo'],
};

export const canTransition = (from: TaskStatus, to: TaskStatus) => from === to || STATUS_TRANSITIONS[from].includes(to);

/** A review link's decision may only be given while the task waits for review. */
export const REVIEWABLE_STATUSES: readonly TaskStatus[] = ['needs_approval', 'in_review'];
/** Reminders notify only while the task is To Do or In Progress (spec 4). */
export const REMINDABLE_STATUSES: readonly TaskStatus[] = ['todo', 'in_progress'];

/** A reminder can still fire while it is set, enabled, unsent and its task is To Do or In Progress (spec 4). */
export const reminderPending = (task: { reminderAt?: string; reminderEnabled?: boolean; reminderSentAt?: string; status?: string }) =>
  !!task.reminderAt && task.reminderEnabled === true && !task.reminderSentAt && REMINDABLE_STATUSES.includes(task.status as TaskStatus);

export const TASK_TYPES = ['task', 'post', 'estimate', 'reminder', 'call_notes'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** Priorities as strings (spec: default '1'), highest last. */
export const TASK_PRIORITIES = ['0', '1', '2', '3'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const DEFAULT_TASK_PRIORITY: TaskPriority = '1';

export const TASK_SOURCES = ['screen', 'extension', 'text', 'call', 'social', 'manual', 'import'] as const;
export const DEFAULT_TASK_SOURCE = 'screen';

export const POST_PLATFORMS = ['instagram', 'tiktok', 'youtube', 'facebook', 'linkedin', 'x', 'pinterest', 'threads'] as const;
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;

/** The fields a task may carry beyond the common ones (summary, project, status, priority, assignee, due date, tags, milestone). */
export const TYPE_FIELDS = [
  'estimate',
  'reminder',
  'call_notes',
  'brand_voice',
  'post_platform',
  'platform',
  'drive_raw_link',
  'drive_final_link',
  'difficulty',
  'post_format',
  'post_audience',
  'film_date',
  'posted_date',
  'live_link',
  'keyword_phrase',
  'reference_content',
  'reference_images',
  'hook',
  'hook_variations',
  'script',
  'inspiration_scene',
  'overview',
  'caption',
] as const;
export type TypeField = (typeof TYPE_FIELDS)[number];

/** Which type-specific fields the form shows for each type (the API accepts every field on every type). */
export const FIELDS_BY_TYPE: Readonly<Record<TaskType, readonly TypeField[]>> = {
  task: ['overview', 'estimate', 'difficulty', 'reference_content', 'reference_images'],
  post: [
    'post_platform',
    'platform',
    'post_format',
    'post_audience',
    'brand_voice',
    'keyword_phrase',
    'hook',
    'hook_variations',
    'script',
    'inspiration_scene',
    'caption',
    'film_date',
    'posted_date',
    'live_link',
    'drive_raw_link',
    'drive_final_link',
    'difficulty',
    'reference_content',
    'reference_images',
  ],
  estimate: ['estimate', 'difficulty', 'overview'],
  reminder: ['reminder', 'overview'],
  call_notes: ['call_notes', 'overview'],
};

export const MAX_SUMMARY = 200;
export const MAX_LONG_TEXT = 20_000;
export const MAX_TAGS = 20;
export const MAX_BULK_TASKS = 50;
export const TASK_PAGE_SIZE = 50;
export const MAX_TASK_PAGE_SIZE = 100;

const trimmed = (max: number) => text(max, { trim: true });
const optionalText = (max: number) => z.optional(z.nullable(trimmed(max)));
/** A calendar day, YYYY-MM-DD (due, film and posted dates have no time of day). */
export const dayDate = pattern(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');
const httpUrl = text(2048, { trim: true }).check(z.regex(/^https?:\/\/\S+$/, WEB_ADDRESS_MESSAGE));
const label = text(40, { trim: true, required: 'must not be empty' });

export const taskStatus = z.enum(TASK_STATUSES);
export const taskType = z.enum(TASK_TYPES);

export const reminderInput = z.object({
  /** When to notify the assignee (ISO date-time). */
  at: isoDate,
  enabled: z.boolean(),
});

/** Every field a client may set on a task; create requires summary and project_uid, a patch any subset. */
const taskFieldsShape = {
  summary: text(MAX_SUMMARY, { trim: true, required: true }),
  project_uid: id,
  milestone: z.optional(z.nullable(label)),
  tags: z.optional(z.array(label).check(z.maxLength(MAX_TAGS, `must have at most ${MAX_TAGS} tags`))),
  assignee: z.optional(z.nullable(id)),
  status: z.optional(taskStatus),
  priority: z.optional(z.enum(TASK_PRIORITIES)),
  due_date: z.optional(z.nullable(dayDate)),
  ticket_type: z.optional(taskType),
  source: z.optional(z.enum(TASK_SOURCES)),
  integration: optionalText(80),
  /** Hours, to two decimal places (0.25, 1.5). */
  estimate: z.optional(z.nullable(number(0, 10_000, { decimals: 2, unit: 'hours' }))),
  reminder: z.optional(z.nullable(reminderInput)),
  call_notes: optionalText(MAX_LONG_TEXT),
  brand_voice: optionalText(200),
  post_platform: z.optional(z.nullable(z.enum(POST_PLATFORMS))),
  platform: optionalText(80),
  drive_raw_link: z.optional(z.nullable(httpUrl)),
  drive_final_link: z.optional(z.nullable(httpUrl)),
  difficulty: z.optional(z.nullable(z.enum(DIFFICULTIES))),
  post_format: optionalText(80),
  /** Shown as Purpose. */
  post_audience: optionalText(200),
  film_date: z.optional(z.nullable(dayDate)),
  posted_date: z.optional(z.nullable(dayDate)),
  live_link: z.optional(z.nullable(httpUrl)),
  keyword_phrase: optionalText(200),
  reference_content: optionalText(MAX_LONG_TEXT),
  reference_images: z.optional(z.array(httpUrl).check(z.maxLength(10, 'must have at most 10 images'))),
  hook: optionalText(500),
  /** The three variations of the hook. */
  hook_variations: z.optional(z.array(trimmed(500)).check(z.maxLength(3, 'must have at most 3 variations'))),
  script: optionalText(MAX_LONG_TEXT),
  inspiration_scene: optionalText(MAX_LONG_TEXT),
  overview: optionalText(MAX_LONG_TEXT),
  caption: optionalText(5_000),
};

/**
 * Create also names where the task is sent on (project integrations) and the Jira epic when one is needed, and
 * the caller's finished screen recording it carries (recording_uid, attached once: see shared/schemas/recordings.ts).
 */
export const createTaskBody = z.object({ ...taskFieldsShape, ...taskIntegrationFields, recording_uid: z.optional(id) });
export type CreateTaskBody = z.output<typeof createTaskBody>;

export const bulkCreateTasksBody = z.object({
  tickets: z.array(createTaskBody).check(z.minLength(1, 'must have at least 1 task'), z.maxLength(MAX_BULK_TASKS, `must have at most ${MAX_BULK_TASKS} tasks`)),
});

/** A partial update: any subset of the fields (at least one); summary and project stay required when present. */
export const updateTaskBody = z.partial(z.object(taskFieldsShape));
export type UpdateTaskBody = z.output<typeof updateTaskBody>;

export const taskParams = z.object({ id });
/**
 * The query of every /tickets/{id}... route: the workspace the caller believes the task is in. With it the
 * server reads the task there directly (a task of another workspace is simply not found); without it the task's
 * workspace is looked up by its uid.
 */
export const taskQuery = z.object({ workspaceId: z.optional(id) });
/** One delivery of the task to a project integration: success is null while it is still being sent. */
export const taskIntegration = z.object({ type: z.string(), success: z.nullable(z.boolean()), project_integration_uid: z.string() });

/** A stored file of a task or comment (attachment or audio); url is a short-lived signed download link. */
export const storedFile = z.object({ key: z.string(), name: z.string(), size: z.number(), content_type: z.string(), url: z.string() });
export type StoredFile = z.infer<typeof storedFile>;

/** A task's screen recording as its answer shows it (shared/schemas/recordings.ts); url is a short-lived signed link. */
export const taskRecording = z.object({
  uid: z.string(),
  url: z.string(),
  poster_url: z.nullable(z.string()),
  duration_ms: z.number(),
  size: z.number(),
  content_type: z.string(),
});

/** A task as the API answers it (spec 3). due_date is the API's name; the SPA exposes it as dueDate. */
export const task = z.object({
  uid: z.string(),
  /** The task's number in its workspace (#12), assigned in order of creation. */
  id: z.number(),
  workspace_uid: z.string(),
  project_uid: z.string(),
  projects: z.object({ slug: z.string(), name: z.string() }),
  /** The project's name (spec: "project"). */
  project: z.string(),
  milestone: z.nullable(z.string()),
  tags: z.array(z.string()),
  summary: z.string(),
  assignee: z.nullable(z.string()),
  created_by: z.string(),
  status: taskStatus,
  priority: z.enum(TASK_PRIORITIES),
  due_date: z.nullable(z.string()),
  created_at: isoDate,
  updated_at: isoDate,
  /** Creation time in epoch seconds. */
  created: z.number(),
  integration: z.nullable(z.string()),
  ticket_type: taskType,
  source: z.string(),
  estimate: z.nullable(z.number()),
  reminder: z.nullable(z.object({ at: isoDate, enabled: z.boolean(), sent_at: z.nullable(isoDate) })),
  call_notes: z.nullable(z.string()),
  brand_voice: z.nullable(z.string()),
  /** Seconds tracked on the task, all entries. */
  total_spent: z.number(),
  post_platform: z.nullable(z.string()),
  platform: z.nullable(z.string()),
  /** The external review link while one is shared (null otherwise); only members see it. */
  review_link: z.nullable(z.string()),
  drive_raw_link: z.nullable(z.string()),
  drive_final_link: z.nullable(z.string()),
  difficulty: z.nullable(z.string()),
  post_format: z.nullable(z.string()),
  post_audience: z.nullable(z.string()),
  film_date: z.nullable(z.string()),
  posted_date: z.nullable(z.string()),
  live_link: z.nullable(z.string()),
  keyword_phrase: z.nullable(z.string()),
  reference_content: z.nullable(z.string()),
  reference_images: z.array(z.string()),
  hook: z.nullable(z.string()),
  hook_variations: z.array(z.string()),
  script: z.nullable(z.string()),
  inspiration_scene: z.nullable(z.string()),
  overview: z.nullable(z.string()),
  /** Files and audio attached through comments, newest first. */
  attachments: z.array(storedFile),
  audio: z.array(storedFile),
  /** The screen recording the task was created with (null without one); always present in the API's answers. */
  recording: z.optional(z.nullable(taskRecording)),
  caption: z.nullable(z.string()),
  details: z.object({ integrations: z.array(taskIntegration), post_details: z.object({ caption: z.nullable(z.string()) }) }),
  /** The Jira epic the task is filed under when sent to Jira (given on create). */
  jira_epic: z.optional(z.nullable(z.string())),
});
export type Task = z.infer<typeof task>;

/** What the task list can be ordered by on the server: last update, or due date (dated tasks only). */
export const TASK_LIST_SORTS = ['updated', 'due'] as const;
export type TaskListSort = (typeof TASK_LIST_SORTS)[number];

/** Comma-separated list in a query string ("todo,in_progress"); empty items dropped, each item validated. */
const csv = <T extends z.ZodMiniType<unknown, string>>(item: T) =>
  z.optional(
    z.pipe(
      z.pipe(
        text(2000),
        z.transform((value: string) => value.split(',').map((v) => v.trim()).filter(Boolean)),
      ),
      z.array(item),
    ),
  );

/**
 * The task list's filters (spec 3) as query parameters. Lists are comma-separated. userFilter is the assignee
 * ('unassigned' for none, 'me' for the caller), teamFilter the creator ('me' for the caller). updated_from/updated_to is updatedDateRange; due_from/due_to
 * (calendar) lists by due date instead of by status. sort: by last update (default; newest first) or by due
 * date (default with a due range; soonest first, tasks without a due date left out); order reverses it.
 */
export const listTasksQuery = z.object({
  status: csv(taskStatus),
  tags: csv(label),
  projectFilter: csv(id),
  milestones: csv(label),
  teamFilter: csv(id),
  userFilter: csv(id),
  filter: z.optional(text(200, { trim: true })),
  ticket_type: csv(taskType),
  updated_from: z.optional(dayDate),
  updated_to: z.optional(dayDate),
  due_from: z.optional(dayDate),
  due_to: z.optional(dayDate),
  /** A due-date preset, resolved to days in `tz` (the viewer's time zone, UTC when absent) and combined with due_from/due_to. */
  due: z.optional(z.enum(DUE_PRESETS)),
  tz: z.optional(timeZone),
  post_platform: csv(z.enum(POST_PLATFORMS)),
  sort: z.optional(z.enum(TASK_LIST_SORTS)),
  order: z.optional(z.enum(['desc', 'asc'])),
  limit: z.optional(
    z.pipe(
      z.pipe(pattern(/^\d{1,3}$/, 'must be a whole number'), z.transform((v: string) => Number(v))),
      number(1, MAX_TASK_PAGE_SIZE),
    ),
  ),
  cursor: z.optional(text(2000)),
});
export type ListTasksQuery = z.output<typeof listTasksQuery>;

export const taskPage = z.object({
  items: z.array(task),
  /** Opaque; pass back as `cursor` for the next page. Null when there is none. */
  cursor: z.nullable(z.string()),
});

/** `GET /tickets/tags` and `/tickets/milestones`: the workspace comes from the query. */
export const labelsQuery = z.object({ workspaceId: id });
export const labelsParams = z.object({ projectId: id });
export const labelList = z.array(z.string());

/** What a task's activity records: creation, status changes (who, from, to) and review decisions with their comment. */
export const taskActivity = z.object({
  uid: z.string(),
  type: z.enum(['created', 'status', 'review']),
  at: isoDate,
  /** A user id, or null for a visitor of the review link. */
  actor: z.nullable(z.string()),
  /** For review decisions: the name the reviewer gave. */
  reviewer_name: z.nullable(z.string()),
  from: z.nullable(taskStatus),
  to: z.nullable(taskStatus),
  comment: z.nullable(z.string()),
});
export type TaskActivity = z.infer<typeof taskActivity>;
