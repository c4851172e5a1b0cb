import { createTaskBody, MAX_SUMMARY, type CreateTaskBody, type Task } from '#shared/schemas/task';
import { api } from '../../api/client';
import { postComment } from '../comments/comment-service';
import { taskRef } from '../task-detail/task-api';
import type { PageProblem } from './host';

export type NewPageTask = {
  workspaceId: string;
  projectUid: string;
  summary: string;
  overview: string;
  source: 'extension' | 'text' | 'screen';
  /** A finished screen recording of the caller's (the recorder's), attached in the same write as the task. */
  recordingUid?: string;
  /** The tab's screenshot, attached the way any file reaches a task: a comment with the upload. */
  screenshot: { file: File; caption: string } | null;
};

export type FieldErrors = Partial<Record<'summary' | 'overview' | 'project_uid', string>>;

export const taskBodyOf = (input: Omit<NewPageTask, 'workspaceId' | 'screenshot'>): CreateTaskBody => ({
  summary: input.summary,
  project_uid: input.projectUid,
  overview: input.overview.trim() ? input.overview : null,
  source: input.source,
  ticket_type: 'task',
  ...(input.recordingUid ? { recording_uid: input.recordingUid } : {}),
});

/** The body checked with the route's own schema before anything is sent: the first problem of each field. */
export const checkTaskBody = (body: CreateTaskBody): FieldErrors => {
  const result = createTaskBody.safeParse(body);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]) as keyof FieldErrors;
    if (field === 'summary' || field === 'overview' || field === 'project_uid') errors[field] ??= issue.message;
  }
  return errors;
};

/** A summary from selected text: its first sentence or line, cut to the summary's length at a word. */
export const summaryFromText = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  const sentence = /^(.+?[.!?])(\s|$)/.exec(flat)?.[1] ?? flat;
  if (sentence.length <= MAX_SUMMARY) return sentence;
  const cut = sentence.slice(0, MAX_SUMMARY - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > MAX_SUMMARY / 2 ? cut.slice(0, space) : cut}…`;
};

/** The overview of a task from a highlighted passage: the passage, then the page it is from. */
export const overviewFromSelection = (text: string, title: string, url: string) =>
  [text.trim(), '', title && title !== url ? `${title}` : '', url].filter((line, index) => index < 2 || line).join('\n');

/** The overview of a task from DevTools: the page, then each attached problem on a line of its own. */
export const problemsOverview = (header: string, problems: readonly Pick<PageProblem, 'kind' | 'message' | 'at'>[]) =>
  [header, ...problems.map((p) => `- [${p.kind}] ${new Date(p.at).toISOString()} ${p.message}`)].join('\n');

export type CreatedPageTask = { task: Task; screenshotError: unknown };

/**
 * Creates the task, then attaches the screenshot through the comment uploads (presigned PUT, then the comment
 * naming the key, checked by the server). A failed attachment leaves the task (it is the user's work) and says so.
 */
export const createPageTask = async (input: NewPageTask): Promise<CreatedPageTask> => {
  const task = await api.call('createTask', {
    params: { workspaceId: input.workspaceId },
    body: taskBodyOf(input),
    notify: false,
  });
  if (!input.screenshot) return { task, screenshotError: null };
  try {
    await postComment(taskRef(task), { text: input.screenshot.caption, files: [input.screenshot.file], audio: null });
    return { task, screenshotError: null };
  } catch (error) {
    return { task, screenshotError: error };
  }
};

/** The task's page in the app. */
export const taskPath = (task: Pick<Task, 'uid' | 'projects'>) => `/project/${encodeURIComponent(task.projects.slug)}/tasks/${task.uid}`;
