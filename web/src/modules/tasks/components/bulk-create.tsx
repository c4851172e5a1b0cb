import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Textarea from '@cloudscape-design/components/textarea';
import { MAX_BULK_TASKS, TASK_TYPES, type TaskStatus, type TaskType } from '#shared/schemas/task';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { notify } from '../../notifications/notification-store';
import { useProjectsStore } from '../../projects/project-store';
import { useWorkspaceStore } from '../../workspaces/workspace-store';
import { bulkCreateTasks } from '../task-service';
import { assignableMembers, memberName, statusLabel, typeLabel } from '../task-labels';
import { bulkBody, bulkLines, bulkProblems, refusedLine, tooMany, type BulkShared } from './bulk-create-rules';

const CREATE_STATUSES: readonly TaskStatus[] = ['todo', 'draft'];
const option = (value: string, label: string): SelectProps.Option => ({ value, label });

export type BulkCreateModalProps = { workspaceId: string; /** On a brand's page: that brand, not asked. */ projectUid?: string; onDismiss: () => void };

/**
 * Several tasks at once (POST /tickets/bulk, all or none): one summary per line, brand, type, status, assignee and
 * due date applied to all, a preview of what will be created, and a refusal naming the line it is about.
 */
export const BulkCreateModal = ({ workspaceId, projectUid, onDismiss }: BulkCreateModalProps) => {
  const { t } = useTranslation();
  const projects = useProjectsStore((state) => state.projects);
  const team = useWorkspaceStore((state) => state.team);
  const [text, setText] = useState('');
  const [brand, setBrand] = useState(projectUid ?? '');
  const [type, setType] = useState<TaskType>('task');
  const [status, setStatus] = useState<TaskStatus>('todo');
  const [assignee, setAssignee] = useState('');
  const [due, setDue] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const lines = useMemo(() => bulkLines(text), [text]);
  const shared: BulkShared = useMemo(
    () => ({ project_uid: brand, ticket_type: type, status, assignee: assignee || null, due_date: due || null, source: 'text' }),
    [brand, type, status, assignee, due],
  );
  // The brand is checked by its own field; the lines by the route's schema with the brand filled in.
  const problems = useMemo(() => bulkProblems(lines, { ...shared, project_uid: brand || 'unset' }), [lines, shared, brand]);
  const problemOf = (line: number) => problems.find((problem) => problem.line === line)?.message;
  const over = tooMany(lines.length);
  const ready = !!brand && lines.length > 0 && !over && problems.length === 0 && !busy;

  const brandOptions = projects.filter((project) => project.has_permission).map((project) => option(project.uid, project.name));
  const typeOptions = TASK_TYPES.map((value) => option(value, typeLabel(value)));
  const statusOptions = CREATE_STATUSES.map((value) => option(value, statusLabel(value)));
  const assigneeOptions = [option('', t('tasks.unassigned')), ...assignableMembers(team).map((member) => option(member.uid, memberName(member)))];
  const pick = (options: SelectProps.Option[], value: string) => options.find((item) => item.value === value) ?? null;

  const submit = async () => {
    if (!ready) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      const created = await bulkCreateTasks(workspaceId, bulkBody(lines, shared), { notify: false });
      notify.positive(t('bulkCreate.created', { count: created.length }));
      onDismiss();
    } catch (error) {
      const { line } = refusedLine(error, lines);
      const entry = lines.find((candidate) => candidate.line === line);
      setRefusal(
        entry
          ? t('bulkCreate.refused', { line: entry.line, summary: entry.summary, message: errorText(error) })
          : t('bulkCreate.refusedAll', { message: errorText(error) }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible
      size="large"
      onDismiss={onDismiss}
      header={t('bulkCreate.title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              {t('bulkCreate.cancel')}
            </Button>
            <Button variant="primary" disabled={!ready} loading={busy} onClick={() => void submit()}>
              {t('bulkCreate.submit', { count: lines.length })}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="l">
        <FormField label={t('bulkCreate.list')} description={t('bulkCreate.listDescription')} stretch>
          <Textarea
            value={text}
            onChange={({ detail }) => {
              setText(detail.value);
              setRefusal(undefined);
            }}
            placeholder={t('bulkCreate.listPlaceholder')}
            rows={8}
            autoFocus
          />
        </FormField>
        <FormField label={t('bulkCreate.shared')} stretch>
          <ColumnLayout columns={projectUid ? 2 : 3} minColumnWidth={160}>
            {!projectUid && (
              <FormField label={t('bulkCreate.brand')}>
                <Select
                  options={brandOptions}
                  selectedOption={pick(brandOptions, brand)}
                  placeholder={t('bulkCreate.brandPlaceholder')}
                  onChange={({ detail }) => setBrand(detail.selectedOption.value ?? '')}
                  ariaRequired
                  filteringType={brandOptions.length > 8 ? 'auto' : 'none'}
                />
              </FormField>
            )}
            <FormField label={t('bulkCreate.type')}>
              <Select options={typeOptions} selectedOption={pick(typeOptions, type)} onChange={({ detail }) => setType(detail.selectedOption.value as TaskType)} />
            </FormField>
            <FormField label={t('bulkCreate.status')}>
              <Select options={statusOptions} selectedOption={pick(statusOptions, status)} onChange={({ detail }) => setStatus(detail.selectedOption.value as TaskStatus)} />
            </FormField>
            <FormField label={t('bulkCreate.assignee')}>
              <Select
                options={assigneeOptions}
                selectedOption={pick(assigneeOptions, assignee)}
                onChange={({ detail }) => setAssignee(detail.selectedOption.value ?? '')}
                filteringType={assigneeOptions.length > 8 ? 'auto' : 'none'}
              />
            </FormField>
            <FormField label={t('bulkCreate.due')}>
              <DatePicker value={due} onChange={({ detail }) => setDue(detail.value)} placeholder={t('bulkCreate.duePlaceholder')} />
            </FormField>
          </ColumnLayout>
        </FormField>
        {refusal && (
          <Alert type="error" statusIconAriaLabel={t('notifications.error')}>
            {refusal}
          </Alert>
        )}
        {over && <Alert type="warning">{t('bulkCreate.tooMany', { max: MAX_BULK_TASKS, count: lines.length })}</Alert>}
        {problems.length > 0 && (
          <Alert type="error" statusIconAriaLabel={t('notifications.error')}>
            <SpaceBetween size="xxs">
              <span>{t('bulkCreate.fixLines')}</span>
              {problems.map((problem) => (
                <span key={problem.line}>{t('bulkCreate.lineProblem', { line: problem.line, message: problem.message })}</span>
              ))}
            </SpaceBetween>
          </Alert>
        )}
        <Table
          variant="embedded"
          wrapLines
          header={
            <Box variant="h3" tagOverride="h2">
              {t('bulkCreate.preview')} <Box variant="span" color="text-body-secondary">({t('bulkCreate.previewCount', { count: lines.length })})</Box>
            </Box>
          }
          items={lines}
          trackBy="line"
          empty={<Box color="text-body-secondary">{t('bulkCreate.previewEmpty')}</Box>}
          columnDefinitions={[
            { id: 'line', header: t('bulkCreate.lineColumn'), cell: (item) => item.line, width: 80 },
            {
              id: 'summary',
              header: t('bulkCreate.summaryColumn'),
              cell: (item) => {
                const problem = problemOf(item.line);
                return problem ? (
                  <SpaceBetween size="xxs">
                    <span>{item.summary}</span>
                    <Box color="text-status-error" fontSize="body-s">
                      {problem}
                    </Box>
                  </SpaceBetween>
                ) : (
                  item.summary
                );
              },
            },
          ]}
        />
      </SpaceBetween>
    </Modal>
  );
};
