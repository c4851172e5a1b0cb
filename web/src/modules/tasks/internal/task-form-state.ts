import {
  createTaskBody,
  dayDate,
  FIELDS_BY_TYPE,
  TASK_PRIORITIES,
  type CreateTaskBody,
  type Task,
  type TaskPriority,
  type TaskStatus,
  type TaskType,
  type TypeField,
  type UpdateTaskBody,
} from '#shared/schemas/task';
import { TASK_SOURCES } from '#shared/schemas/task';
import { fieldError, type FieldError, type FieldMessages } from '../../../ui/field-rule';
import type { TaskDefaults } from '../../settings/settings-defaults';

/** Type fields edited as one line of text. */
export const SHORT_TEXT_FIELDS = ['brand_voice', 'platform', 'post_format', 'post_audience', 'keyword_phrase', 'hook'] as const;
/** Type fields edited as several lines. */
export const LONG_TEXT_FIELDS = ['overview', 'call_notes', 'reference_content', 'script', 'inspiration_scene', 'caption'] as const;
/** Type fields holding a web address. */
export const URL_FIELDS = ['drive_raw_link', 'drive_final_link', 'live_link'] as const;
/** Type fields holding a day. */
export const DAY_FIELDS = ['film_date', 'posted_date'] as const;
export const CHOICE_FIELDS = ['post_platform', 'difficulty'] as const;

type ShortField = (typeof SHORT_TEXT_FIELDS)[number];
type LongField = (typeof LONG_TEXT_FIELDS)[number];
type UrlField = (typeof URL_FIELDS)[number];
type DayField = (typeof DAY_FIELDS)[number];
type ChoiceField = (typeof CHOICE_FIELDS)[number];
export type TextField = ShortField | LongField | UrlField | DayField | ChoiceField;
const TEXT_FIELDS: readonly TextField[] = [...SHORT_TEXT_FIELDS, ...LONG_TEXT_FIELDS, ...URL_FIELDS, ...DAY_FIELDS, ...CHOICE_FIELDS];

/** The form as typed: strings where the person types, '' for "none". */
export type TaskFormState = {
  ticket_type: TaskType;
  summary: string;
  project_uid: string;
  status: TaskStatus;
  priority: TaskPriority;
  assignee: string;
  due_date: string;
  tags: string[];
  milestone: string;
  estimate: string;
  reminderDate: string;
  reminderTime: string;
  reminderEnabled: boolean;
  /** One address per line. */
  reference_images: string;
  hook_variations: [string, string, string];
  text: Record<TextField, string>;
  /** The brand's integrations a new task is sent to (their uids). */
  integrations: string[];
  /** The Jira epic's issue key, when a Jira integration is on. */
  jira_epic: string;
  /** A Jira integration that is on requires an epic (its "Epic required" setting). */
  epicRequired: boolean;
};

/** The form's fields that can carry an error (the API's field names, plus the form's own). */
export type FormField =
  | 'summary'
  | 'project_uid'
  | 'assignee'
  | 'tags'
  | 'milestone'
  | 'estimate'
  | 'reminder'
  | 'reference_images'
  | 'hook_variations'
  | 'due_date'
  | 'integrations'
  | 'jira_epic'
  | 'recording_uid'
  | TextField;
/** An error per field found before sending (the shared schema's rule, in the form's words). */
export type FormErrors = Partial<Record<FormField, FieldError>>;
/** An error per field from the server (a 400 naming it), in its words. */
export type ServerErrors = Partial<Record<FormField, string>>;

const pad = (value: number) => String(value).padStart(2, '0');
export const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
export const localTime = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** The starting form: the task's values when editing, else the persisted task defaults (spec 3). */
export const initialForm = (options: { task?: Task; defaults: TaskDefaults; projectUid?: string }): TaskFormState => {
  const { task, defaults } = options;
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, (task?.[field] as string | null | undefined) ?? ''])) as Record<TextField, string>;
  const reminderAt = task?.reminder ? new Date(task.reminder.at) : undefined;
  const priority = TASK_PRIORITIES.find((value) => value === (task?.priority ?? defaults.priority)) ?? '1';
  const variations = task?.hook_variations ?? [];
  return {
    ticket_type: task?.ticket_type ?? 'task',
    summary: task?.summary ?? '',
    project_uid: task?.project_uid ?? options.projectUid ?? '',
    status: task?.status ?? 'todo',
    priority,
    assignee: task?.assignee ?? '',
    due_date: task ? (task.due_date?.slice(0, 10) ?? '') : (defaults.dueDate ?? ''),
    tags: task?.tags ?? [],
    milestone: task?.milestone ?? '',
    estimate: task?.estimate === null || task?.estimate === undefined ? '' : String(task.estimate),
    reminderDate: reminderAt ? localDay(reminderAt) : '',
    reminderTime: reminderAt ? localTime(reminderAt) : '09:00',
    reminderEnabled: task?.reminder?.enabled ?? true,
    reference_images: (task?.reference_images ?? []).join('\n'),
    hook_variations: [variations[0] ?? '', variations[1] ?? '', variations[2] ?? ''],
    text,
    integrations: [],
    jira_epic: '',
    epicRequired: false,
  };
};

const TIME = /^\d{2}:\d{2}$/;
const lines = (value: string) => value.split('\n').map((line) => line.trim()).filter(Boolean);

/** Does the form show this type field for its type (FIELDS_BY_TYPE)? */
export const showsField = (type: TaskType, field: TypeField) => FIELDS_BY_TYPE[type].includes(field);

const URL_MESSAGES: FieldMessages = { invalid: 'tasks.form.invalidUrl' };
/** The form's words for what the create route's schema finds, where they say more than the generic ones. */
const FIELD_MESSAGES: Partial<Record<string, FieldMessages>> = {
  summary: { required: 'tasks.form.summaryRequired' },
  project_uid: { required: 'tasks.form.brandRequired', invalid: 'tasks.form.brandRequired' },
  tags: { tooMany: 'tasks.form.tagsTooMany', tooLong: 'tasks.form.tagTooLong' },
  milestone: { tooLong: 'tasks.form.milestoneTooLong' },
  estimate: { invalid: 'tasks.form.invalidNumber', tooSmall: 'tasks.form.estimateTooSmall', tooLarge: 'tasks.form.estimateTooLarge' },
  reference_images: { ...URL_MESSAGES, tooMany: 'tasks.form.imagesTooMany' },
  jira_epic: { invalid: 'integrations.taskForm.epicInvalid' },
  ...Object.fromEntries(URL_FIELDS.map((field) => [field, URL_MESSAGES])),
};
const schemaOf = (field: string) => (createTaskBody.shape as Record<string, Parameters<typeof fieldError>[0] | undefined>)[field];

/** What the create route's schema finds wrong with one field's value (an inline edit checks before it sends). */
export const fieldProblem = (field: string, value: unknown): FieldError | undefined => {
  const schema = schemaOf(field);
  return schema && fieldError(schema, value, FIELD_MESSAGES[field]);
};

/**
 * What a person can fix before sending: each value the form would send (the common fields and the fields its type
 * shows) checked with the create route's own schema; the reminder needs a date and a time when it is on.
 */
export const validateForm = (form: TaskFormState): FormErrors => {
  const errors: FormErrors = {};
  for (const [field, value] of Object.entries({ ...commonValues(form), ...typeValues(form) })) {
    const schema = schemaOf(field);
    const error = schema && fieldError(schema, value, FIELD_MESSAGES[field]);
    if (error) errors[field as FormField] = error;
  }
  const epic = integrationValues(form).jira_epic;
  if (form.epicRequired && !epic) errors.jira_epic = { key: 'errors.jira_epic_missing', values: {} };
  else if (epic) {
    const error = fieldError(schemaOf('jira_epic') as Parameters<typeof fieldError>[0], epic, FIELD_MESSAGES.jira_epic);
    if (error) errors.jira_epic = error;
  }
  const reminderSet = dayDate.safeParse(form.reminderDate).success && TIME.test(form.reminderTime);
  if (showsField(form.ticket_type, 'reminder') && form.reminderEnabled && !reminderSet) {
    errors.reminder = { key: 'tasks.form.reminderDateRequired', values: {} };
  }
  return errors;
};

const orNull = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** The reminder as the API takes it: the local date and time as an instant, or null without a date. */
export const reminderFrom = (form: Pick<TaskFormState, 'reminderDate' | 'reminderTime' | 'reminderEnabled'>) => {
  if (!dayDate.safeParse(form.reminderDate).success) return null;
  const at = new Date(`${form.reminderDate}T${TIME.test(form.reminderTime) ? form.reminderTime : '09:00'}:00`);
  return Number.isNaN(at.getTime()) ? null : { at: at.toISOString(), enabled: form.reminderEnabled };
};

/** The value of each type field the form shows, as the API takes it. */
const typeValues = (form: TaskFormState): Partial<CreateTaskBody> => {
  const values: Partial<CreateTaskBody> = {};
  for (const field of FIELDS_BY_TYPE[form.ticket_type]) {
    switch (field) {
      case 'estimate':
        values.estimate = form.estimate.trim() === '' ? null : Number(form.estimate);
        break;
      case 'reminder':
        values.reminder = reminderFrom(form);
        break;
      case 'reference_images':
        values.reference_images = lines(form.reference_images);
        break;
      case 'hook_variations':
        values.hook_variations = form.hook_variations.map((line) => line.trim()).filter(Boolean);
        break;
      default:
        (values as Record<string, unknown>)[field] = orNull(form.text[field]);
    }
  }
  return values;
};

const commonValues = (form: TaskFormState) => ({
  summary: form.summary.trim(),
  project_uid: form.project_uid,
  ticket_type: form.ticket_type,
  status: form.status,
  priority: form.priority,
  assignee: form.assignee === '' ? null : form.assignee,
  due_date: form.due_date === '' ? null : form.due_date,
  tags: form.tags,
  milestone: orNull(form.milestone),
});

/** Where a new task is sent on: the integrations switched on, and the epic while a Jira one is among them. */
const integrationValues = (form: TaskFormState): Pick<CreateTaskBody, 'integrations' | 'jira_epic'> => {
  const epic = form.jira_epic.trim().toUpperCase();
  return {
    ...(form.integrations.length > 0 ? { integrations: form.integrations } : {}),
    ...(form.integrations.length > 0 && epic !== '' ? { jira_epic: epic } : {}),
  };
};

/**
 * A new task's body: the common fields, the type's own fields that are filled in, and the default source — or, with
 * a screen recording attached, the recording and source 'screen'.
 */
export const createBody = (form: TaskFormState, defaults: Pick<TaskDefaults, 'source'>, recordingUid?: string): CreateTaskBody => {
  const filled = Object.fromEntries(
    Object.entries(typeValues(form)).filter(([, value]) => value !== null && !(Array.isArray(value) && value.length === 0)),
  );
  if (recordingUid) return { ...commonValues(form), ...filled, ...integrationValues(form), source: 'screen', recording_uid: recordingUid };
  const source = TASK_SOURCES.find((value) => value === defaults.source) ?? 'screen';
  return { ...commonValues(form), ...filled, ...integrationValues(form), source };
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** An edit's patch: only what changed against the task (fields of other types stay as they are). */
export const updatePatch = (form: TaskFormState, task: Task): UpdateTaskBody => {
  const next: Record<string, unknown> = { ...commonValues(form), ...typeValues(form) };
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(next)) {
    const before = field === 'reminder' ? (task.reminder ? { at: task.reminder.at, enabled: task.reminder.enabled } : null) : task[field as keyof Task];
    const comparable = field === 'due_date' ? (task.due_date?.slice(0, 10) ?? null) : before;
    if (field === 'reminder' && value && comparable && typeof value === 'object' && typeof comparable === 'object') {
      const a = value as { at: string; enabled: boolean };
      const b = comparable as { at: string; enabled: boolean };
      if (new Date(a.at).getTime() === new Date(b.at).getTime() && a.enabled === b.enabled) continue;
    }
    if (!same(value, comparable)) patch[field] = value;
  }
  return patch as UpdateTaskBody;
};

/** The form field an API 400 names ("hook_variations.1" → hook_variations, "reminder.at" → reminder). */
export const formFieldOf = (apiField: string | undefined): FormField | undefined => {
  if (!apiField) return undefined;
  const top = apiField.split('.')[0];
  const known: readonly string[] = [
    'summary',
    'project_uid',
    'assignee',
    'tags',
    'milestone',
    'estimate',
    'reminder',
    'reference_images',
    'hook_variations',
    'due_date',
    'integrations',
    'jira_epic',
    'recording_uid',
    ...TEXT_FIELDS,
  ];
  return known.includes(top) ? (top as FormField) : undefined;
};
