import Autosuggest from '@cloudscape-design/components/autosuggest';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import TimeInput from '@cloudscape-design/components/time-input';
import Toggle from '@cloudscape-design/components/toggle';
import TokenGroup from '@cloudscape-design/components/token-group';
import {
  DIFFICULTIES,
  FIELDS_BY_TYPE,
  MAX_SUMMARY,
  MAX_TAGS,
  POST_PLATFORMS,
  STATUS_TRANSITIONS,
  TASK_PRIORITIES,
  TASK_TYPES,
  type Task,
  type TaskPriority,
  type TaskStatus,
  type TaskType,
  type TypeField,
} from '#shared/schemas/task';
import type { ErrorCode } from '#shared/errors';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { translateError } from '../../../i18n';
import { FormAlert } from '../../../ui/form-alert';
import { notify } from '../../notifications/notification-store';
import { useProjectsStore } from '../../projects/project-store';
import { useSettingsStore } from '../../settings/settings-store';
import { useWorkspaceStore } from '../../workspaces/workspace-store';
import {
  createBody,
  formFieldOf,
  initialForm,
  LONG_TEXT_FIELDS,
  SHORT_TEXT_FIELDS,
  updatePatch,
  URL_FIELDS,
  validateForm,
  type FormErrors,
  type FormField as FormFieldName,
  type TaskFormState,
  type TextField,
} from '../internal/task-form-state';
import { assignableMembers, memberName, platformLabel, priorityLabel, statusLabel, typeLabel } from '../task-labels';
import { createTask, updateTask } from '../task-service';
import { useTaskVocabulary } from '../use-task-filters';

export type TaskFormModalProps = {
  visible: boolean;
  mode: 'create' | 'edit';
  /** The task to edit (mode 'edit'). */
  task?: Task;
  /** The brand a new task starts in (the brand page's own). */
  defaultProjectUid?: string;
  onDismiss: () => void;
  onSaved: (task: Task) => void;
};

/** The server's word for an assignee without access to the brand: said on the assignee field. */
const ASSIGNEE_REFUSED: ErrorCode = 'assignee_not_in_project';

/** The statuses a new task may start in. */
const CREATE_STATUSES: readonly TaskStatus[] = ['todo', 'draft'];

/**
 * The task form in a modal: create a task, or edit one (the detail dialog uses mode 'edit'). The type decides
 * which of its own fields show (FIELDS_BY_TYPE); a new task starts from the persisted task defaults. A 400 from the
 * server shows on the field it names.
 */
export const TaskFormModal = ({ visible, mode, task, defaultProjectUid, onDismiss, onSaved }: TaskFormModalProps) => {
  const { t } = useTranslation();
  return (
    <Modal
      visible={visible}
      onDismiss={onDismiss}
      size="large"
      header={mode === 'edit' && task ? t('tasks.form.editTitle', { id: String(task.id) }) : t('tasks.form.createTitle')}
    >
      {/* Mounted while open only: each opening starts from the task (or the defaults) afresh. */}
      {visible && <TaskFormBody mode={mode} task={task} defaultProjectUid={defaultProjectUid} onDismiss={onDismiss} onSaved={onSaved} />}
    </Modal>
  );
};

const TaskFormBody = ({ mode, task, defaultProjectUid, onDismiss, onSaved }: Omit<TaskFormModalProps, 'visible'>) => {
  const { t } = useTranslation();
  const defaults = useSettingsStore((state) => state.taskDefaults);
  const currentWorkspaceId = useSettingsStore((state) => state.currentWorkspaceId);
  const workspaceId = task?.workspace_uid ?? currentWorkspaceId ?? undefined;
  const projects = useProjectsStore((state) => state.projects);
  const team = useWorkspaceStore((state) => state.team);
  const openable = useMemo(() => projects.filter((project) => project.has_permission).sort((a, b) => a.name.localeCompare(b.name)), [projects]);
  const [form, setForm] = useState<TaskFormState>(() =>
    initialForm({ task: mode === 'edit' ? task : undefined, defaults, projectUid: defaultProjectUid ?? (openable.length === 1 ? openable[0].uid : undefined) }),
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const vocabulary = useTaskVocabulary(workspaceId, form.project_uid || undefined);

  const clientErrors = useMemo(() => (submitted ? validateForm(form) : {}), [submitted, form]);
  const errorOf = (field: FormFieldName): string | undefined => {
    if (serverErrors[field]) return serverErrors[field];
    const key = clientErrors[field];
    return key ? t(`tasks.form.${key}` as 'tasks.form.summaryRequired', { max: String(key === 'tagsTooMany' ? MAX_TAGS : MAX_SUMMARY) }) : undefined;
  };
  const update = (patch: Partial<TaskFormState>, ...touched: FormFieldName[]) => {
    setForm((current) => ({ ...current, ...patch }));
    if (touched.length > 0) {
      setServerErrors((current) => {
        const next = { ...current };
        for (const field of touched) delete next[field];
        return next;
      });
    }
  };
  const setText = (field: TextField, value: string) => {
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
        const created = await createTask(workspaceId, createBody(form, defaults), { notify: false });
        notify.positive(t('tasks.form.created', { id: String(created.id) }));
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

  const statusChoices: readonly TaskStatus[] = mode === 'edit' && task ? [task.status, ...STATUS_TRANSITIONS[task.status]] : CREATE_STATUSES;
  const option = (value: string, label: string): SelectProps.Option => ({ value, label });
  const brandOptions = openable.map((project) => option(project.uid, project.name));
  const statusOptions = statusChoices.map((status) => option(status, statusLabel(status)));
  const priorityOptions = TASK_PRIORITIES.map((priority) => option(priority, priorityLabel(priority)));
  const assigneeOptions = [option('', t('tasks.unassigned')), ...assignableMembers(team).map((member) => option(member.uid, memberName(member)))];
  const pick = (options: SelectProps.Option[], value: string) => options.find((item) => item.value === value) ?? null;
  const fields = FIELDS_BY_TYPE[form.ticket_type];

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SpaceBetween size="l">
        <FormField label={t('tasks.form.type')} stretch>
          <SegmentedControl
            label={t('tasks.form.type')}
            selectedId={form.ticket_type}
            options={TASK_TYPES.map((type) => ({ id: type, text: typeLabel(type) }))}
            onChange={({ detail }) => update({ ticket_type: detail.selectedId as TaskType })}
          />
        </FormField>
        <FormField label={t('tasks.form.summary')} constraintText={t('tasks.form.summaryHint')} errorText={errorOf('summary')} stretch>
          <Input
            value={form.summary}
            onChange={({ detail }) => update({ summary: detail.value }, 'summary')}
            invalid={!!errorOf('summary')}
            ariaRequired
            autoFocus
            autoComplete={false}
          />
        </FormField>
        <ColumnLayout columns={3}>
          <FormField label={t('tasks.form.brand')} errorText={errorOf('project_uid')}>
            <Select
              options={brandOptions}
              selectedOption={pick(brandOptions, form.project_uid)}
              placeholder={t('tasks.form.brandPlaceholder')}
              onChange={({ detail }) => update({ project_uid: detail.selectedOption.value ?? '' }, 'project_uid')}
              invalid={!!errorOf('project_uid')}
              ariaRequired
              filteringType={brandOptions.length > 8 ? 'auto' : 'none'}
            />
          </FormField>
          <FormField label={t('tasks.form.status')} constraintText={mode === 'create' ? t('tasks.form.statusHintCreate') : undefined}>
            <Select
              options={statusOptions}
              selectedOption={pick(statusOptions, form.status)}
              onChange={({ detail }) => update({ status: detail.selectedOption.value as TaskStatus })}
            />
          </FormField>
          <FormField label={t('tasks.form.priority')}>
            <Select
              options={priorityOptions}
              selectedOption={pick(priorityOptions, form.priority)}
              onChange={({ detail }) => update({ priority: detail.selectedOption.value as TaskPriority })}
            />
          </FormField>
          <FormField label={t('tasks.form.assignee')} errorText={errorOf('assignee')}>
            <Select
              options={assigneeOptions}
              selectedOption={pick(assigneeOptions, form.assignee) ?? option(form.assignee, t('tasks.unknownMember'))}
              onChange={({ detail }) => update({ assignee: detail.selectedOption.value ?? '' }, 'assignee')}
              filteringType={assigneeOptions.length > 8 ? 'auto' : 'none'}
            />
          </FormField>
          <FormField label={t('tasks.form.dueDate')} constraintText={t('tasks.calendar.datePicker.constraint')} errorText={errorOf('due_date')}>
            <DatePicker value={form.due_date} onChange={({ detail }) => update({ due_date: detail.value }, 'due_date')} placeholder={t('tasks.form.datePlaceholder')} />
          </FormField>
          <FormField label={t('tasks.form.milestone')} errorText={errorOf('milestone')}>
            <Autosuggest
              value={form.milestone}
              onChange={({ detail }) => update({ milestone: detail.value }, 'milestone')}
              options={vocabulary.milestones.map((value) => ({ value }))}
              enteredTextLabel={(value) => t('tasks.form.milestoneUse', { value })}
              placeholder={t('tasks.form.milestonePlaceholder')}
              statusType={vocabulary.loading ? 'loading' : 'finished'}
              empty={t('tasks.filters.noOptions')}
            />
          </FormField>
        </ColumnLayout>
        <TagsField
          tags={form.tags}
          vocabulary={vocabulary.tags}
          loading={vocabulary.loading}
          error={errorOf('tags')}
          onChange={(tags) => update({ tags }, 'tags')}
        />
        <SpaceBetween size="m">
          <Header variant="h3">{t('tasks.form.typeDetails')}</Header>
          <TypeFields form={form} fields={fields} errorOf={errorOf} update={update} setText={setText} />
        </SpaceBetween>
        {formError && <FormAlert iconLabel={t('notifications.error')}>{formError}</FormAlert>}
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={onDismiss}>
              {t('tasks.form.cancel')}
            </Button>
            <Button variant="primary" formAction="submit" loading={saving}>
              {mode === 'edit' ? t('tasks.form.save') : t('tasks.form.create')}
            </Button>
          </SpaceBetween>
        </Box>
      </SpaceBetween>
    </form>
  );
};

type TagsFieldProps = { tags: string[]; vocabulary: string[]; loading: boolean; error?: string; onChange: (tags: string[]) => void };

/** Tags: typed freely (Enter adds) or picked from the tags in use; each shows as a removable token. */
const TagsField = ({ tags, vocabulary, loading, error, onChange }: TagsFieldProps) => {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const add = (raw: string) => {
    const tag = raw.trim();
    if (tag !== '' && !tags.includes(tag)) onChange([...tags, tag]);
    setValue('');
  };
  return (
    <FormField label={t('tasks.form.tags')} constraintText={t('tasks.form.tagsHint', { max: String(MAX_TAGS) })} errorText={error} stretch>
      <SpaceBetween size="xs">
        <div
          onKeyDown={(event) => {
            // Enter in the box adds the tag rather than submitting the form.
            if (event.key === 'Enter' && value.trim() !== '') {
              event.preventDefault();
              add(value);
            }
          }}
        >
          <Autosuggest
            value={value}
            onChange={({ detail }) => setValue(detail.value)}
            onSelect={({ detail }) => add(detail.value)}
            options={vocabulary.filter((tag) => !tags.includes(tag)).map((tag) => ({ value: tag }))}
            enteredTextLabel={(text) => t('tasks.form.tagAdd', { value: text })}
            placeholder={t('tasks.form.tagsPlaceholder')}
            statusType={loading ? 'loading' : 'finished'}
            empty={t('tasks.filters.noOptions')}
            invalid={!!error}
          />
        </div>
        {tags.length > 0 && (
          <TokenGroup
            items={tags.map((tag) => ({ label: tag, dismissLabel: t('tasks.filters.removeToken', { label: tag }) }))}
            onDismiss={({ detail }) => onChange(tags.filter((_, index) => index !== detail.itemIndex))}
          />
        )}
      </SpaceBetween>
    </FormField>
  );
};

type TypeFieldsProps = {
  form: TaskFormState;
  fields: readonly TypeField[];
  errorOf: (field: FormFieldName) => string | undefined;
  update: (patch: Partial<TaskFormState>, ...touched: FormFieldName[]) => void;
  setText: (field: TextField, value: string) => void;
};

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** The fields of the chosen type: short ones side by side, long texts full width, in FIELDS_BY_TYPE's order. */
const TypeFields = ({ form, fields, errorOf, update, setText }: TypeFieldsProps) => {
  const { t } = useTranslation();
  const label = (field: TypeField) => t(`tasks.form.fields.${field}` as 'tasks.form.fields.overview');
  const choice = (field: 'post_platform' | 'difficulty', values: readonly string[], labelOf: (value: string) => string) => {
    const options: SelectProps.Option[] = [{ value: '', label: t('tasks.form.none') }, ...values.map((value) => ({ value, label: labelOf(value) }))];
    return (
      <FormField key={field} label={label(field)} errorText={errorOf(field)}>
        <Select
          options={options}
          selectedOption={options.find((item) => item.value === form.text[field]) ?? options[0]}
          onChange={({ detail }) => setText(field, detail.selectedOption.value ?? '')}
        />
      </FormField>
    );
  };

  const short: ReactNode[] = [];
  const wide: ReactNode[] = [];
  for (const field of fields) {
    if (field === 'hook') {
      // The hook sits full width, right above its variations.
      wide.push(
        <FormField key={field} label={label(field)} errorText={errorOf(field)} stretch>
          <Input value={form.text.hook} onChange={({ detail }) => setText('hook', detail.value)} invalid={!!errorOf(field)} />
        </FormField>,
      );
    } else if (isOneOf(SHORT_TEXT_FIELDS, field)) {
      short.push(
        <FormField key={field} label={label(field)} errorText={errorOf(field)}>
          <Input value={form.text[field]} onChange={({ detail }) => setText(field, detail.value)} invalid={!!errorOf(field)} />
        </FormField>,
      );
    } else if (isOneOf(URL_FIELDS, field)) {
      short.push(
        <FormField key={field} label={label(field)} errorText={errorOf(field)}>
          <Input
            type="url"
            inputMode="url"
            placeholder="https://"
            value={form.text[field]}
            onChange={({ detail }) => setText(field, detail.value)}
            invalid={!!errorOf(field)}
          />
        </FormField>,
      );
    } else if (field === 'film_date' || field === 'posted_date') {
      short.push(
        <FormField key={field} label={label(field)} errorText={errorOf(field)}>
          <DatePicker value={form.text[field]} onChange={({ detail }) => setText(field, detail.value)} placeholder={t('tasks.form.datePlaceholder')} />
        </FormField>,
      );
    } else if (field === 'post_platform') {
      short.push(choice('post_platform', POST_PLATFORMS, platformLabel));
    } else if (field === 'difficulty') {
      short.push(choice('difficulty', DIFFICULTIES, (value) => t(`tasks.difficulty.${value as 'easy'}`)));
    } else if (field === 'estimate') {
      short.push(
        <FormField key={field} label={label(field)} errorText={errorOf('estimate')}>
          <Input
            type="number"
            inputMode="decimal"
            step={0.25}
            value={form.estimate}
            onChange={({ detail }) => update({ estimate: detail.value }, 'estimate')}
            invalid={!!errorOf('estimate')}
          />
        </FormField>,
      );
    } else if (field === 'reminder') {
      wide.push(<ReminderFields key={field} form={form} error={errorOf('reminder')} update={update} />);
    } else if (field === 'hook_variations') {
      wide.push(
        <FormField key={field} label={t('taskDetail.hookVariations')} errorText={errorOf('hook_variations')} stretch>
          <ColumnLayout columns={3}>
            {form.hook_variations.map((value, index) => (
              <FormField key={index} label={t('tasks.form.fields.hook_variations', { n: String(index + 1) })}>
                <Input
                  value={value}
                  onChange={({ detail }) => {
                    const next = [...form.hook_variations] as TaskFormState['hook_variations'];
                    next[index] = detail.value;
                    update({ hook_variations: next }, 'hook_variations');
                  }}
                />
              </FormField>
            ))}
          </ColumnLayout>
        </FormField>,
      );
    } else if (field === 'reference_images') {
      wide.push(
        <FormField key={field} label={label(field)} constraintText={t('tasks.form.fields.reference_imagesHint')} errorText={errorOf('reference_images')} stretch>
          <Textarea
            rows={3}
            value={form.reference_images}
            onChange={({ detail }) => update({ reference_images: detail.value }, 'reference_images')}
            invalid={!!errorOf('reference_images')}
          />
        </FormField>,
      );
    } else if (isOneOf(LONG_TEXT_FIELDS, field)) {
      wide.push(
        <FormField key={field} label={label(field)} errorText={errorOf(field)} stretch>
          <Textarea rows={field === 'script' || field === 'call_notes' ? 6 : 3} value={form.text[field]} onChange={({ detail }) => setText(field, detail.value)} />
        </FormField>,
      );
    }
  }
  return (
    <SpaceBetween size="l">
      {short.length > 0 && <ColumnLayout columns={3}>{short}</ColumnLayout>}
      {wide}
    </SpaceBetween>
  );
};

type ReminderFieldsProps = { form: TaskFormState; error?: string; update: TypeFieldsProps['update'] };

/** When to remind the assignee (once, while the task is To do or In progress) and whether to. */
const ReminderFields = ({ form, error, update }: ReminderFieldsProps) => {
  const { t } = useTranslation();
  return (
    <FormField label={t('tasks.form.fields.reminder')} description={t('tasks.form.fields.reminderHint')} errorText={error} stretch>
      <ColumnLayout columns={3}>
        <FormField label={t('tasks.form.fields.reminderDate')}>
          <DatePicker
            value={form.reminderDate}
            onChange={({ detail }) => update({ reminderDate: detail.value }, 'reminder')}
            placeholder={t('tasks.form.datePlaceholder')}
            invalid={!!error}
          />
        </FormField>
        <FormField label={t('tasks.form.fields.reminderTime')}>
          <TimeInput
            format="hh:mm"
            value={form.reminderTime}
            onChange={({ detail }) => update({ reminderTime: detail.value }, 'reminder')}
            placeholder={t('tasks.form.timePlaceholder')}
            invalid={!!error}
          />
        </FormField>
        <Box padding={{ top: 'xl' }}>
          <Toggle checked={form.reminderEnabled} onChange={({ detail }) => update({ reminderEnabled: detail.checked }, 'reminder')}>
            {t('tasks.form.fields.reminderEnabled')}
          </Toggle>
        </Box>
      </ColumnLayout>
    </FormField>
  );
};
