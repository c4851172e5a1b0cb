import {
  DEFAULT_TASK_PRIORITY,
  DEFAULT_TASK_SOURCE,
  type CreateTaskBody,
  type TaskStatus,
  type UpdateTaskBody,
} from '#shared/schemas/task';
import type { TaskItem, TaskLabel } from '#data/tasks';

/**
 * The task's plain fields: API name → stored attribute. A value is copied as is; null (or an empty text) clears
 * the field. summary, project, status, reminder and the labels have rules of their own and are not listed.
 */
export const PLAIN_FIELDS = {
  priority: 'priority',
  due_date: 'dueDate',
  ticket_type: 'ticketType',
  source: 'source',
  integration: 'integration',
  estimate: 'estimate',
  call_notes: 'callNotes',
  brand_voice: 'brandVoice',
  post_platform: 'postPlatform',
  platform: 'platform',
  drive_raw_link: 'driveRawLink',
  drive_final_link: 'driveFinalLink',
  difficulty: 'difficulty',
  post_format: 'postFormat',
  post_audience: 'postAudience',
  film_date: 'filmDate',
  posted_date: 'postedDate',
  live_link: 'liveLink',
  keyword_phrase: 'keywordPhrase',
  reference_content: 'referenceContent',
  reference_images: 'referenceImages',
  hook: 'hook',
  hook_variations: 'hookVariations',
  script: 'script',
  inspiration_scene: 'inspirationScene',
  overview: 'overview',
  caption: 'caption',
  assignee: 'assignee',
  milestone: 'milestone',
  tags: 'tags',
} as const satisfies Partial<Record<keyof CreateTaskBody, keyof TaskItem>>;

/** The attributes a client may change (through the API fields above and the special ones). */
export const WRITABLE_ATTRIBUTES = [
  ...Object.values(PLAIN_FIELDS),
  'summary',
  'searchText',
  'projectId',
  'status',
  'reminderAt',
  'reminderEnabled',
  'reminderSentAt',
] as const satisfies readonly (keyof TaskItem)[];
export type WritableAttribute = (typeof WRITABLE_ATTRIBUTES)[number];

/** What the text filter matches: the summary and the number (#12), lower-cased. */
export const searchTextOf = (summary: string, number: number) => `${summary} #${number}`.toLowerCase();

const cleared = (value: unknown) => value === null || value === '';

/**
 * Applies the API fields present in `input` to a task: present and non-empty sets, null or '' clears, absent
 * keeps. A reminder set anew is unsent again (its new time can fire); a cleared one goes whole.
 */
export const applyFields = (task: TaskItem, input: UpdateTaskBody): TaskItem => {
  const next: Record<string, unknown> = { ...task };
  for (const [field, attribute] of Object.entries(PLAIN_FIELDS)) {
    const value = (input as Record<string, unknown>)[field];
    if (value === undefined) continue;
    if (cleared(value)) delete next[attribute];
    else next[attribute] = value;
  }
  if (input.summary !== undefined) next.summary = input.summary;
  if (input.project_uid !== undefined) next.projectId = input.project_uid;
  if (input.status !== undefined) next.status = input.status;
  if (input.reminder === null) {
    delete next.reminderAt;
    delete next.reminderEnabled;
    delete next.reminderSentAt;
  } else if (input.reminder) {
    // UTC ISO, so the reminder index (compared as text) orders every reminder by its instant.
    const at = new Date(input.reminder.at).toISOString();
    // Notify once: only a new time may fire again; toggling the same reminder off and on does not.
    if (at !== task.reminderAt) delete next.reminderSentAt;
    next.reminderAt = at;
    next.reminderEnabled = input.reminder.enabled;
  }
  next.searchText = searchTextOf(next.summary as string, task.number);
  return next as TaskItem;
};

/** The stored form of a new task, before the index attributes (the data layer adds them on every write). */
export const newTaskItem = (
  input: CreateTaskBody,
  identity: { workspaceId: string; taskId: string; number: number; createdBy: string; now: string; status: TaskStatus },
): TaskItem =>
  applyFields(
    {
      workspaceId: identity.workspaceId,
      taskId: identity.taskId,
      number: identity.number,
      projectId: input.project_uid,
      summary: input.summary,
      searchText: '',
      createdBy: identity.createdBy,
      status: identity.status,
      priority: DEFAULT_TASK_PRIORITY,
      ticketType: 'task',
      source: DEFAULT_TASK_SOURCE,
      totalSpent: 0,
      createdAt: identity.now,
      updatedAt: identity.now,
    } as TaskItem,
    { ...input, status: undefined },
  );

/** The tag and milestone vocabulary a task brings into its project. */
export const labelsOf = (task: Pick<TaskItem, 'projectId' | 'tags' | 'milestone'>): TaskLabel[] => [
  ...(task.tags ?? []).map((name) => ({ kind: 'tag' as const, projectId: task.projectId, name })),
  ...(task.milestone ? [{ kind: 'milestone' as const, projectId: task.projectId, name: task.milestone }] : []),
];

/** A label keyed as the table keys it (case-folded): one item per key, so written once per transaction. */
export const labelKey = (label: TaskLabel) => `${label.kind}\u0000${label.projectId}\u0000${label.name}`.toLowerCase();

/** Each label once, as first written (the table keys labels case-insensitively). */
export const uniqueLabels = (labels: readonly TaskLabel[]): TaskLabel[] => {
  const byKey = new Map<string, TaskLabel>();
  for (const label of labels) if (!byKey.has(labelKey(label))) byKey.set(labelKey(label), label);
  return [...byKey.values()];
};

/** The labels of `next` that `previous` did not already bring into the same project. */
export const newLabels = (previous: TaskItem, next: TaskItem): TaskLabel[] => {
  const had = new Set(labelsOf(previous).map(labelKey));
  return uniqueLabels(labelsOf(next).filter((l) => !had.has(labelKey(l))));
};
