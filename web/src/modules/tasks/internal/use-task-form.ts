import type { ErrorCode } from '#shared/errors';
import type { Task } from '#shared/schemas/task';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { translateError } from '../../../i18n';
import { fieldErrorText } from '../../../ui/field-rule';
import { DEFAULT_TIMEOUT } from '../../notifications/notification-list';
import { notify, useNotificationStore } from '../../notifications/notification-store';
import { openTask } from '../task-events';
import { useSettingsStore } from '../../settings/settings-store';
import { createTask, updateTask } from '../task-service';
import {
  createBody,
  formFieldOf,
  initialForm,
  updatePatch,
  validateForm,
  type FormField,
  type ServerErrors,
  type TaskFormState,
  type TextField,
} from './task-form-state';

/** The server's word for an assignee without access to the brand: said on the assignee field. */
const ASSIGNEE_REFUSED: ErrorCode = 'assignee_not_in_project';

/** What the field groups of the form need: the values, each field's error, and the setters. */
export type TaskFormBinding = {
  form: TaskFormState;
  errorOf: (field: FormField) => string | undefined;
  /** Sets some values; the fields named in `touched` lose their server error. */
  update: (patch: Partial<TaskFormState>, ...touched: FormField[]) => void;
  setText: (field: TextField, value: string) => void;
};

export type UseTaskFormOptions = {
  mode: 'create' | 'edit';
  task?: Task;
  workspaceId: string | undefined;
  /** The brand a new task starts in. */
  projectUid: string | undefined;
  /** What a new task starts with beyond the defaults (what quick create had typed when "More fields" opened this). */
  initial?: Partial<TaskFormState>;
  /** A ready screen recording the new task is created with. */
  recordingUid?: string;
  onSaved: (task: Task) => void;
};

/**
 * The task form's state: starts from the task (edit) or the persisted task defaults (create); checks with the
 * shared schema once submitted; sends only what changed on an edit; shows a 400 on the field it names and any
 * other refusal above the buttons.
 */
export const useTaskForm = ({ mode, task, workspaceId, projectUid, initial, recordingUid, onSaved }: UseTaskFormOptions) => {
  const { t } = useTranslation();
  const defaults = useSettingsStore((state) => state.taskDefaults);
  const [form, setForm] = useState<TaskFormState>(() => ({ ...initialForm({ task: mode === 'edit' ? task : undefined, defaults, projectUid }), ...initial }));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const clientErrors = useMemo(() => (submitted ? validateForm(form) : {}), [submitted, form]);
  const errorOf = (field: FormField) => serverErrors[field] ?? fieldErrorText(clientErrors[field]);
  const update: TaskFormBinding['update'] = (patch, ...touched) => {
    setForm((current) => ({ ...current, ...patch }));
    if (touched.length > 0) {
      setServerErrors((current) => {
        const next = { ...current };
        for (const field of touched) delete next[field];
        return next;
      });
    }
  };
  const setText: TaskFormBinding['setText'] = (field, value) => {
    setForm((current) => ({ ...current, text: { ...current.text, [field]: value } }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async () => {
    setSubmitted(true);
    setFormError(undefined);
    setServerErrors({});
    if (Object.keys(validateForm(form)).length > 0 || !workspaceId) return;
    setSaving(true);
    try {
      if (mode === 'edit' && task) {
        const patch = updatePatch(form, task);
        const saved = Object.keys(patch).length === 0 ? task : await updateTask(task.uid, patch, { notify: false });
        notify.positive(t('tasks.form.saved', { id: String(saved.id) }));
        onSaved(saved);
      } else {
        const created = await createTask(workspaceId, createBody(form, defaults, recordingUid), { notify: false });
        // The new task may fall outside the list's filters or page: the flash opens it wherever it landed.
        useNotificationStore.getState().push({
          kind: 'positive',
          message: t('tasks.form.created', { id: String(created.id) }),
          timeout: DEFAULT_TIMEOUT.positive,
          action: { text: t('quickCreate.open'), run: () => openTask(created.uid) },
        });
        onSaved(created);
      }
    } catch (caught) {
      if (!isApiError(caught)) throw caught;
      const field = caught.code === ASSIGNEE_REFUSED ? 'assignee' : formFieldOf(caught.field);
      if (field) setServerErrors({ [field]: translateError(caught.code === ASSIGNEE_REFUSED ? caught.code : undefined, caught.message) });
      else setFormError(translateError(caught.code, caught.message));
    } finally {
      setSaving(false);
    }
  };

  const binding: TaskFormBinding = { form, errorOf, update, setText };
  return { binding, submit, saving, formError };
};
