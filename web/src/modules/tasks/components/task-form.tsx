import Autosuggest from '@cloudscape-design/components/autosuggest';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { FIELDS_BY_TYPE, STATUS_TRANSITIONS, TASK_PRIORITIES, type Task, type TaskPriority, type TaskStatus } from '#shared/schemas/task';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../ui/form-alert';
import { TaskIntegrationsField } from '../../integrations/components/task-integrations-field';
import { useProjectsStore } from '../../projects/project-store';
import { useSettingsStore } from '../../settings/settings-store';
import { useWorkspaceStore } from '../../workspaces/workspace-store';
import type { TaskFormState } from '../internal/task-form-state';
import { useTaskForm, type TaskFormBinding } from '../internal/use-task-form';
import { assignableMembers, memberName, priorityLabel, statusLabel } from '../task-labels';
import { TaskTypeField } from './task-type-field';
import { useTaskVocabulary } from '../use-task-filters';
import { TagsField } from './task-form-tags';
import { TypeFields } from './task-form-type-fields';

export type TaskFormModalProps = {
  visible: boolean;
  mode: 'create' | 'edit';
  /** The task to edit (mode 'edit'). */
  task?: Task;
  /** The brand a new task starts in (the brand page's own). */
  defaultProjectUid?: string;
  /** What a new task starts with beyond the defaults (quick create's fields when "More fields" opened this). */
  initial?: Partial<TaskFormState>;
  /** A screen recording the new task is created with (source screen): its uid and how the form shows it. */
  recording?: TaskFormRecording;
  onDismiss: () => void;
  onSaved: (task: Task) => void;
};

export type TaskFormRecording = { uid: string; preview: ReactNode };

/** The statuses a new task may start in. */
const CREATE_STATUSES: readonly TaskStatus[] = ['todo', 'draft'];

/**
 * The task form in a modal: create a task, or edit one (the detail dialog uses mode 'edit'). The type decides
 * which of its own fields show (FIELDS_BY_TYPE); a new task starts from the persisted task defaults. A 400 from the
 * server shows on the field it names.
 */
export const TaskFormModal = ({ visible, mode, task, defaultProjectUid, initial, recording, onDismiss, onSaved }: TaskFormModalProps) => {
  const { t } = useTranslation();
  return (
    <Modal
      visible={visible}
      onDismiss={onDismiss}
      size="large"
      header={mode === 'edit' && task ? t('tasks.form.editTitle', { id: String(task.id) }) : t('tasks.form.createTitle')}
    >
      {/* Mounted while open only: each opening starts from the task (or the defaults) afresh. */}
      {visible && (
        <TaskFormBody mode={mode} task={task} defaultProjectUid={defaultProjectUid} initial={initial} recording={recording} onDismiss={onDismiss} onSaved={onSaved} />
      )}
    </Modal>
  );
};

const option = (value: string, label: string): SelectProps.Option => ({ value, label });
const pick = (options: SelectProps.Option[], value: string) => options.find((item) => item.value === value) ?? null;

type CommonFieldsProps = TaskFormBinding & {
  mode: TaskFormModalProps['mode'];
  task?: Task;
  brandOptions: SelectProps.Option[];
  milestones: string[];
  vocabularyLoading: boolean;
};

/** What every task has: brand, status, priority, assignee, due date and milestone, three to a row. */
const CommonFields = ({ form, errorOf, update, mode, task, brandOptions, milestones, vocabularyLoading }: CommonFieldsProps) => {
  const { t } = useTranslation();
  const team = useWorkspaceStore((state) => state.team);
  const statusChoices: readonly TaskStatus[] = mode === 'edit' && task ? [task.status, ...STATUS_TRANSITIONS[task.status]] : CREATE_STATUSES;
  const statusOptions = statusChoices.map((status) => option(status, statusLabel(status)));
  const priorityOptions = TASK_PRIORITIES.map((priority) => option(priority, priorityLabel(priority)));
  const assigneeOptions = [option('', t('tasks.unassigned')), ...assignableMembers(team).map((member) => option(member.uid, memberName(member)))];
  return (
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
        <Select options={statusOptions} selectedOption={pick(statusOptions, form.status)} onChange={({ detail }) => update({ status: detail.selectedOption.value as TaskStatus })} />
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
          options={milestones.map((value) => ({ value }))}
          enteredTextLabel={(value) => t('tasks.form.milestoneUse', { value })}
          placeholder={t('tasks.form.milestonePlaceholder')}
          statusType={vocabularyLoading ? 'loading' : 'finished'}
          empty={t('tasks.filters.noOptions')}
        />
      </FormField>
    </ColumnLayout>
  );
};

const TaskFormBody = ({ mode, task, defaultProjectUid, initial, recording, onDismiss, onSaved }: Omit<TaskFormModalProps, 'visible'>) => {
  const { t } = useTranslation();
  const currentWorkspaceId = useSettingsStore((state) => state.currentWorkspaceId);
  const workspaceId = task?.workspace_uid ?? currentWorkspaceId ?? undefined;
  const projects = useProjectsStore((state) => state.projects);
  const openable = useMemo(() => projects.filter((project) => project.has_permission).sort((a, b) => a.name.localeCompare(b.name)), [projects]);
  const projectUid = defaultProjectUid ?? (openable.length === 1 ? openable[0].uid : undefined);
  const { binding, submit, saving, formError } = useTaskForm({ mode, task, workspaceId, projectUid, initial, recordingUid: recording?.uid, onSaved });
  const { form, errorOf, update } = binding;
  const vocabulary = useTaskVocabulary(workspaceId, form.project_uid || undefined);
  const summaryInput = useRef<InputProps.Ref>(null);
  // The modal focuses its first control (the close button) as it opens; typing starts in the summary.
  useEffect(() => {
    const timer = setTimeout(() => summaryInput.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SpaceBetween size="l">
        <TaskTypeField value={form.ticket_type} onChange={(ticket_type) => update({ ticket_type })} />
        <FormField label={t('tasks.form.summary')} constraintText={t('tasks.form.summaryHint')} errorText={errorOf('summary')} stretch>
          <Input
            value={form.summary}
            onChange={({ detail }) => update({ summary: detail.value }, 'summary')}
            invalid={!!errorOf('summary')}
            ariaRequired
            ref={summaryInput}
            autoComplete={false}
          />
        </FormField>
        {recording && (
          <FormField label={t('recording.attached')} errorText={errorOf('recording_uid')}>
            {recording.preview}
          </FormField>
        )}
        <CommonFields
          {...binding}
          mode={mode}
          task={task}
          brandOptions={openable.map((project) => option(project.uid, project.name))}
          milestones={vocabulary.milestones}
          vocabularyLoading={vocabulary.loading}
        />
        <TagsField tags={form.tags} vocabulary={vocabulary.tags} loading={vocabulary.loading} error={errorOf('tags')} onChange={(tags) => update({ tags }, 'tags')} />
        {mode === 'create' && (
          <TaskIntegrationsField
            workspaceId={workspaceId}
            projectUid={form.project_uid}
            selected={form.integrations}
            epic={form.jira_epic}
            onChange={update}
            integrationsError={errorOf('integrations')}
            epicError={errorOf('jira_epic')}
          />
        )}
        <SpaceBetween size="m">
          <Header variant="h3">{t('tasks.form.typeDetails')}</Header>
          <TypeFields {...binding} fields={FIELDS_BY_TYPE[form.ticket_type]} />
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
