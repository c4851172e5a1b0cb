import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { POST_PLATFORMS, type Task } from '#shared/schemas/task';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../ui/form-alert';
import { TaskIntegrationsField } from '../../integrations/components/task-integrations-field';
import { useProjectsStore } from '../../projects/project-store';
import { useSettingsStore } from '../../settings/settings-store';
import { useTaskForm } from '../internal/use-task-form';
import { platformLabel } from '../task-labels';
import { TaskTypeField } from './task-type-field';
import { TaskFormModal } from './task-form';
import { useQuickCreateStore } from './task-form-quick-store';

const close = () => useQuickCreateStore.setState({ request: null });

type QuickCreateFormProps = { projectUid?: string; onSaved: (task: Task) => void };

/**
 * The five things a new task needs first: summary, brand, type, platform (a post's) and due date, and where it is
 * sent on when its brand has integrations. Focus starts in Summary, Enter creates, and "More fields" carries what
 * was typed into the full form.
 */
const QuickCreateForm = ({ projectUid, onSaved }: QuickCreateFormProps) => {
  const { t } = useTranslation();
  const workspaceId = useSettingsStore((state) => state.currentWorkspaceId) ?? undefined;
  const projects = useProjectsStore((state) => state.projects);
  const openable = useMemo(() => projects.filter((project) => project.has_permission).sort((a, b) => a.name.localeCompare(b.name)), [projects]);
  const lastProjectUid = useQuickCreateStore((state) => state.lastProjectUid);
  const startIn = [projectUid, lastProjectUid].find((uid) => uid && openable.some((project) => project.uid === uid)) ?? (openable.length === 1 ? openable[0].uid : undefined);
  const { binding, submit, saving, formError } = useTaskForm({ mode: 'create', workspaceId, projectUid: startIn, onSaved });
  const { form, errorOf, update, setText } = binding;
  const summary = useRef<InputProps.Ref>(null);

  // The modal focuses its first control (the close button) as it opens; the summary is where typing starts.
  useEffect(() => {
    const timer = setTimeout(() => summary.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);

  const brandOptions: SelectProps.Option[] = openable.map((project) => ({ value: project.uid, label: project.name }));
  const platformOptions: SelectProps.Option[] = [{ value: '', label: t('tasks.form.none') }, ...POST_PLATFORMS.map((value) => ({ value, label: platformLabel(value) }))];

  return (
    <form
      noValidate
      aria-label={t('quickCreate.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SpaceBetween size="l">
        <FormField label={t('tasks.form.summary')} errorText={errorOf('summary')} stretch>
          <Input
            ref={summary}
            value={form.summary}
            onChange={({ detail }) => update({ summary: detail.value }, 'summary')}
            invalid={!!errorOf('summary')}
            placeholder={t('quickCreate.summaryPlaceholder')}
            ariaRequired
            autoComplete={false}
          />
        </FormField>
        <TaskTypeField value={form.ticket_type} onChange={(ticket_type) => update({ ticket_type })} />
        <ColumnLayout columns={form.ticket_type === 'post' ? 3 : 2}>
          <FormField label={t('tasks.form.brand')} errorText={errorOf('project_uid')}>
            <Select
              options={brandOptions}
              selectedOption={brandOptions.find((option) => option.value === form.project_uid) ?? null}
              placeholder={t('tasks.form.brandPlaceholder')}
              onChange={({ detail }) => update({ project_uid: detail.selectedOption.value ?? '' }, 'project_uid')}
              invalid={!!errorOf('project_uid')}
              ariaRequired
              filteringType={brandOptions.length > 8 ? 'auto' : 'none'}
            />
          </FormField>
          {form.ticket_type === 'post' && (
            <FormField label={t('tasks.form.fields.post_platform')} errorText={errorOf('post_platform')}>
              <Select
                options={platformOptions}
                selectedOption={platformOptions.find((option) => option.value === form.text.post_platform) ?? platformOptions[0]}
                onChange={({ detail }) => setText('post_platform', detail.selectedOption.value ?? '')}
              />
            </FormField>
          )}
          <FormField label={t('tasks.form.dueDate')} errorText={errorOf('due_date')}>
            <DatePicker value={form.due_date} onChange={({ detail }) => update({ due_date: detail.value }, 'due_date')} placeholder={t('tasks.form.datePlaceholder')} />
          </FormField>
        </ColumnLayout>
        {/* The brand's integrations (nothing without any): a task made here is sent on as one from the full form. */}
        <TaskIntegrationsField
          workspaceId={workspaceId}
          projectUid={form.project_uid}
          selected={form.integrations}
          epic={form.jira_epic}
          onChange={update}
          integrationsError={errorOf('integrations')}
          epicError={errorOf('jira_epic')}
        />
        {formError && <FormAlert iconLabel={t('notifications.error')}>{formError}</FormAlert>}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', alignItems: 'center' }}>
          <Button formAction="none" variant="link" iconName="expand" onClick={() => useQuickCreateStore.setState({ request: null, full: form })}>
            {t('quickCreate.moreFields')}
          </Button>
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <Box variant="small" color="text-body-secondary">
              {t('quickCreate.enterHint')}
            </Box>
            <Button formAction="none" variant="link" onClick={close}>
              {t('tasks.form.cancel')}
            </Button>
            <Button variant="primary" formAction="submit" loading={saving}>
              {t('tasks.form.create')}
            </Button>
          </SpaceBetween>
        </div>
      </SpaceBetween>
    </form>
  );
};

/** Quick create and, one step further, the full form; mounted by the shell at the first request. */
export const QuickCreateHost = () => {
  const { t } = useTranslation();
  const request = useQuickCreateStore((state) => state.request);
  const full = useQuickCreateStore((state) => state.full);
  const saved = (task: Task) => useQuickCreateStore.setState({ request: null, full: null, lastProjectUid: task.project_uid });
  return (
    <>
      <Modal visible={!!request} onDismiss={close} header={t('quickCreate.title')} closeAriaLabel={t('quickCreate.close')}>
        {/* Mounted while open only: each opening starts afresh. */}
        {request && <QuickCreateForm projectUid={request.projectUid} onSaved={saved} />}
      </Modal>
      <TaskFormModal
        visible={!!full}
        mode="create"
        defaultProjectUid={full?.project_uid || undefined}
        initial={full ?? undefined}
        onDismiss={() => useQuickCreateStore.setState({ full: null })}
        onSaved={saved}
      />
    </>
  );
};
