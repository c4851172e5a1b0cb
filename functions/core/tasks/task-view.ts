import type { z } from 'zod/mini';
import type { StoredFile, Task, TaskActivity, taskRecording } from '#shared/schemas/task';
import type { ProjectItem } from '#data/projects';
import type { TaskActivityItem, TaskItem } from '#data/tasks';
import { reviewUrl } from './task-links';

/** Signs a short-lived download link for a stored file (the uploads bucket; see #lib/uploads signDownload). */
export type FileSigner = (key: string, name: string) => Promise<string>;

type StoredFileItem = NonNullable<TaskItem['attachments']>[number];

/** The files of a task's recording (the video and its poster), named by their keys' last segment. */
const recordingFiles = (recording: TaskItem['recording']): { key: string; name: string }[] =>
  recording ? [recording.key, ...(recording.posterKey ? [recording.posterKey] : [])].map((key) => ({ key, name: key.slice(key.lastIndexOf('/') + 1) })) : [];

/** Every stored file of some tasks (attachments, audio, the recording and its poster), signed once each: key → url. */
export const signFiles = async (tasks: readonly Pick<TaskItem, 'attachments' | 'audio' | 'recording'>[], sign: FileSigner): Promise<Map<string, string>> => {
  const files = new Map<string, { key: string; name: string }>();
  for (const task of tasks) for (const file of [...(task.attachments ?? []), ...(task.audio ?? []), ...recordingFiles(task.recording)]) files.set(file.key, file);
  const signed = await Promise.all([...files.values()].map(async (file) => [file.key, await sign(file.key, file.name)] as const));
  return new Map(signed);
};

/** The task's recording as its answer shows it (links from signFiles). */
const toTaskRecording = (recording: TaskItem['recording'], urls: ReadonlyMap<string, string>): TaskRecording | null =>
  recording
    ? {
        uid: recording.recordingId,
        url: urls.get(recording.key) ?? '',
        poster_url: recording.posterKey ? (urls.get(recording.posterKey) ?? null) : null,
        duration_ms: recording.durationMs,
        size: recording.size,
        content_type: recording.contentType,
      }
    : null;

type TaskRecording = z.output<typeof taskRecording>;

/** Stored files are appended as comments add them; the API lists them newest first. */
const toFiles = (files: readonly StoredFileItem[] | undefined, urls: ReadonlyMap<string, string>): StoredFile[] =>
  [...(files ?? [])].reverse().map((file) => ({ key: file.key, name: file.name, size: file.size, content_type: file.contentType, url: urls.get(file.key) ?? '' }));

export type TaskViewContext = {
  project: Pick<ProjectItem, 'slug' | 'name'>;
  /** Signed links of the task's files (signFiles). */
  fileUrls: ReadonlyMap<string, string>;
  /** The app's origin, for the review link (members only see it; the public review view never has it). */
  appUrl: string;
};

/** A stored task as the API answers it (spec 3). */
export const toTask = (item: TaskItem, { project, fileUrls, appUrl }: TaskViewContext): Task => ({
  uid: item.taskId,
  id: item.number,
  workspace_uid: item.workspaceId,
  project_uid: item.projectId,
  projects: { slug: project.slug, name: project.name },
  project: project.name,
  milestone: item.milestone ?? null,
  tags: item.tags ?? [],
  summary: item.summary,
  assignee: item.assignee ?? null,
  created_by: item.createdBy,
  status: item.status,
  priority: item.priority,
  due_date: item.dueDate ?? null,
  created_at: item.createdAt,
  updated_at: item.updatedAt,
  created: Math.floor(Date.parse(item.createdAt) / 1000),
  integration: item.integration ?? null,
  ticket_type: item.ticketType,
  source: item.source,
  estimate: item.estimate ?? null,
  reminder: item.reminderAt ? { at: item.reminderAt, enabled: item.reminderEnabled === true, sent_at: item.reminderSentAt ?? null } : null,
  call_notes: item.callNotes ?? null,
  brand_voice: item.brandVoice ?? null,
  total_spent: item.totalSpent ?? 0,
  post_platform: item.postPlatform ?? null,
  platform: item.platform ?? null,
  review_link: item.reviewToken ? reviewUrl(appUrl, project.slug, item.taskId, item.reviewToken) : null,
  drive_raw_link: item.driveRawLink ?? null,
  drive_final_link: item.driveFinalLink ?? null,
  difficulty: item.difficulty ?? null,
  post_format: item.postFormat ?? null,
  post_audience: item.postAudience ?? null,
  film_date: item.filmDate ?? null,
  posted_date: item.postedDate ?? null,
  live_link: item.liveLink ?? null,
  keyword_phrase: item.keywordPhrase ?? null,
  reference_content: item.referenceContent ?? null,
  reference_images: item.referenceImages ?? [],
  hook: item.hook ?? null,
  hook_variations: item.hookVariations ?? [],
  script: item.script ?? null,
  inspiration_scene: item.inspirationScene ?? null,
  overview: item.overview ?? null,
  attachments: toFiles(item.attachments, fileUrls),
  audio: toFiles(item.audio, fileUrls),
  recording: toTaskRecording(item.recording, fileUrls),
  caption: item.caption ?? null,
  details: {
    integrations: (item.integrations ?? []).map((i) => ({ type: i.type, success: i.success ?? null, project_integration_uid: i.projectIntegrationUid })),
    post_details: { caption: item.caption ?? null },
  },
  jira_epic: item.jiraEpic ?? null,
});

export const toActivity = (item: TaskActivityItem): TaskActivity => ({
  uid: item.activityId,
  type: item.type,
  at: item.at,
  actor: item.actor ?? null,
  reviewer_name: item.reviewerName ?? null,
  from: item.from ?? null,
  to: item.to ?? null,
  comment: item.comment ?? null,
});
