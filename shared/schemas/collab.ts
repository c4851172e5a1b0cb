import * as z from 'zod/mini';
import { id, isoDate, number, pattern, text } from './common';
import { storedFile, task, taskActivity, taskParams } from './task';
import { PROJECT_ROLES } from './project';
import { timeEntry } from './workspace';

/**
 * Working together on a task: comments with attachments and audio, uploads, the external review link, time
 * entries and in-app notifications. Limits are spec section 5/9.
 */

/** Attachments: at most 5 MB per file and 10 files (spec 5, 9); audio comments follow the same per-file limit. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const MAX_ATTACHMENTS = 10;
/** Uploads must be confirmed (used by a comment or cover) within this time; unconfirmed objects expire by lifecycle rule. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
export const MAX_COMMENT = 10_000;

/** Content types an attachment may have (what a content team shares: images, video, audio, documents). */
export const ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'audio/webm',
  'audio/ogg',
  'audio/mpeg',
  'audio/mp4',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;
export const AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/mp4'] as const;
export const COVER_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const fileName = text(200, { trim: true, required: true });
const fileSize = number(1, MAX_ATTACHMENT_BYTES, { unit: 'bytes' });

/** What the browser declares before uploading one file; the server signs exactly this size and type. */
export const uploadRequestFile = z.object({
  name: fileName,
  size: fileSize,
  content_type: z.enum(ATTACHMENT_TYPES),
});

export const createUploadsBody = z.object({
  purpose: z.enum(['attachment', 'audio']),
  files: z.array(uploadRequestFile).check(z.minLength(1, 'must have at least 1 file'), z.maxLength(MAX_ATTACHMENTS, 'must have at most 10 files')),
});

/** A presigned upload: PUT the file's bytes to `url` with exactly `headers`; then name `key` in the comment. */
export const presignedUpload = z.object({ key: z.string(), name: z.string(), url: z.string(), headers: z.record(z.string(), z.string()) });
export const presignedUploads = z.object({ uploads: z.array(presignedUpload) });

const uploadKey = text(500, { required: true });

export const createCommentBody = z.object({
  text: z.optional(text(MAX_COMMENT, { trim: true })),
  /** Keys from createUploads (purpose attachment); each is checked (size, type, owner) before the comment is saved. */
  attachments: z.optional(z.array(uploadKey).check(z.maxLength(MAX_ATTACHMENTS, 'must have at most 10 files'))),
  /** A key from createUploads (purpose audio). */
  audio: z.optional(uploadKey),
});

export const comment = z.object({
  uid: z.string(),
  task_uid: z.string(),
  author: z.string(),
  author_name: z.nullable(z.string()),
  /** Mentions are tokens in the text, `@[Name](userId)` (shared/mentions.ts); `mentions` lists their user ids. */
  text: z.string(),
  mentions: z.array(z.string()),
  attachments: z.array(storedFile),
  audio: z.nullable(storedFile),
  created_at: isoDate,
});
export const commentList = z.array(comment);
export const commentParams = z.object({ id, commentId: id });
export const activityList = z.array(taskActivity);

/** Who did something, as the public review view says it: never a user id or a name of the team. */
export const REVIEW_TEAM_ACTOR = 'A team member';
/** A task's activity as a visitor of the review link sees it: a team member's action says so, and no more. */
export const reviewActivity = z.object({ ...taskActivity.shape, actor: z.nullable(z.literal(REVIEW_TEAM_ACTOR)) });

/** The external review link: anyone holding the token sees the task read-only and may approve or request changes. */
export const reviewLink = z.object({ url: z.string(), token: z.string(), created_at: isoDate });
export const reviewParams = z.object({ token: pattern(/^[A-Za-z0-9_-]{32,64}$/, 'must be a valid review token') });
export const reviewView = z.object({
  task: z.pick(task, {
    uid: true, id: true, summary: true, status: true, ticket_type: true, due_date: true, projects: true, project: true,
    caption: true, hook: true, hook_variations: true, script: true, overview: true, post_platform: true, post_format: true,
    post_audience: true, live_link: true, reference_images: true, attachments: true, audio: true, details: true,
  }),
  workspace_name: z.string(),
  /** The workspace's logo (a short-lived signed link), null without one. */
  workspace_logo_url: z.nullable(z.string()),
  /** The task waits for review, so a decision can be given now. */
  can_decide: z.boolean(),
  activity: z.array(reviewActivity),
});
export const reviewDecisionBody = z.object({
  decision: z.enum(['approved', 'rejected']),
  comment: z.optional(text(MAX_COMMENT, { trim: true })),
  reviewer_name: z.optional(text(100, { trim: true })),
});

/** A review link may carry at most this many posts (a week of a brand's posts, with room). */
export const MAX_REVIEW_POSTS = 20;
/** Share several tasks in one review link: each in the workspace, the caller's, and waiting for review. */
export const shareForReviewBody = z.object({
  task_ids: z
    .array(id)
    .check(
      z.minLength(1, 'must name at least 1 task'),
      z.maxLength(MAX_REVIEW_POSTS, `must name at most ${MAX_REVIEW_POSTS} tasks`),
      z.refine((ids) => new Set(ids).size === ids.length, 'must not name a task twice'),
    ),
});
export const sharedReview = z.object({ ...reviewLink.shape, task_ids: z.array(z.string()) });
/** A decision given through a review link, as the visitor sees it again: what, when, by the name given. */
export const reviewDecisionEntry = z.object({
  decision: z.enum(['approved', 'rejected']),
  at: isoDate,
  reviewer_name: z.nullable(z.string()),
  comment: z.nullable(z.string()),
});
/** One post of a review link: its content, whether it waits for a decision, and the decisions given so far. */
export const reviewPost = z.object({ task: reviewView.shape.task, can_decide: z.boolean(), decisions: z.array(reviewDecisionEntry) });
/**
 * What the visitor of a review link (one task or several) sees: the workspace by name and the posts, nothing of
 * the team's internal moves or names.
 */
export const reviewPosts = z.object({ workspace_name: z.string(), workspace_logo_url: z.nullable(z.string()), posts: z.array(reviewPost) });
export const reviewPostParams = z.object({ token: reviewParams.shape.token, id });

/** A time entry lasts at most a day; a timer left running longer stops a day after its start. */
export const MAX_TIME_ENTRY_SECONDS = 24 * 3600;
/**
 * An entry may start at most this long before its task was created: the week's work is often logged on a task
 * written down later in the week (the demo seed logs the current week so), but not years of it.
 */
export const TIME_ENTRY_LEAD_SECONDS = 7 * 24 * 3600;

/** Time entries: start a timer (no times), or a manual entry with both times. */
export const createTimeEntryBody = z.object({
  started_at: z.optional(isoDate),
  ended_at: z.optional(isoDate),
});
/** Stop a running timer (`stop: true`), or edit an entry's times. */
export const updateTimeEntryBody = z.object({
  stop: z.optional(z.boolean()),
  started_at: z.optional(isoDate),
  ended_at: z.optional(isoDate),
});
export const timeEntryParams = z.object({ id, entryId: id });
/** One time entry: the same shape as in the workspace's list. */
export const taskTimeEntry = timeEntry;
export const taskTimeEntries = z.object({ total_spent: z.number(), entries: z.array(taskTimeEntry) });

/**
 * Who watches a task, and so hears of its review decisions and comments: its creator and its assignee unless they
 * stopped, and whoever chose to watch it. `watching`: whether the caller does.
 */
export const taskWatchers = z.object({
  watching: z.boolean(),
  /** Each watcher by display name (their email when they have none). */
  watchers: z.array(z.object({ user_uid: z.string(), name: z.string() })),
});
export type TaskWatchers = z.output<typeof taskWatchers>;
/** Start (true) or stop (false) watching a task. */
export const setTaskWatchBody = z.object({ watching: z.boolean() });

/**
 * What a person is notified of because someone else acted (shared/notifications.ts says who hears of what);
 * each can be turned off per channel in the person's notification settings.
 */
export const NOTIFICATION_KINDS = ['review_decision', 'comment', 'mention', 'assignment'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** in_app: the bell; email: the digest; push: the person's devices that subscribed to Web Push (issue 14). */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** Every type an in-app notification has: the settable kinds, and the system's own (reminders, failed deliveries). */
export const NOTIFICATION_TYPES = ['reminder', 'delivery_failed', ...NOTIFICATION_KINDS] as const;

// push may be left out (then on): a body written before the push channel existed stays valid.
const channelSwitches = z.object({ in_app: z.boolean(), email: z.boolean(), push: z._default(z.boolean(), true) });
/** A person's notification settings: per kind, whether it reaches them in the app, by email and on their devices (all on by default). */
export const notificationSettings = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelSwitches])) as Record<NotificationKind, typeof channelSwitches>,
);
export type NotificationSettings = z.output<typeof notificationSettings>;

/** In-app notifications of the signed-in person (reminders, failed deliveries, what others did), across workspaces. */
export const notification = z.object({
  uid: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  /** Push-notification data of spec 3: where a tap goes and in which workspace. */
  ticket_url: z.string(),
  workspace_uid: z.string(),
  read: z.boolean(),
  created_at: isoDate,
});
export const notificationList = z.array(notification);
export const notificationParams = z.object({ notificationId: id });

/** Project users (spec 2: /project/{slug}/users). */
export const projectUser = z.object({
  user_uid: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  role: z.enum(PROJECT_ROLES),
  status: z.enum(['requested', 'granted']),
});
export const projectUserList = z.array(projectUser);
export const projectUserParams = z.object({ workspaceId: id, projectId: id, userId: id });

export const coverUploadBody = z.object({
  name: fileName,
  size: fileSize,
  content_type: z.enum(COVER_TYPES),
});
export const confirmCoverBody = z.object({ key: uploadKey });

export const taskIdParams = taskParams;
