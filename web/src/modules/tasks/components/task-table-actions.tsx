import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { REVIEWABLE_STATUSES, type Task, type TaskStatus } from '#shared/schemas/task';
import { MAX_REVIEW_POSTS } from '#shared/schemas/collab';
import type { BulkTaskChanges } from '#shared/schemas/task-bulk';
import type { TeamMember } from '#shared/schemas/workspace';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { errorText } from '../../../i18n';
import { notify } from '../../notifications/notification-store';
import { shareForReview } from '../../review/review-service';
import { bulkChangeTasks, bulkDeleteTasks, duplicateTask } from '../task-bulk';
import { openTask } from '../task-events';
import { assignableMembers, memberName, statusLabel } from '../task-labels';
import { commonStatuses } from '../internal/task-table-rules';

/** Duplicates a task and opens the copy; a refusal is shown by the API client. */
export const useDuplicateTask = () => {
  const { t } = useTranslation();
  return useCallback(
    (task: Task) =>
      void duplicateTask(task, t)
        .then((copy) => {
          notify.positive(t('taskTable.duplicated', { summary: copy.summary }));
          openTask(copy.uid);
        })
        .catch(() => undefined),
    [t],
  );
};

type TaskBulkActionsProps = {
  workspaceId: string;
  selected: readonly Task[];
  team: readonly TeamMember[];
  onDone: () => void;
  /** On a phone the actions wait for a selection rather than fill the screen disabled. */
  compact?: boolean;
};

/**
 * What the selected rows can have done at once: a status every one of them may move to, an assignee, a due date,
 * deletion (confirmed). All or none: a refusal says which task and why, and nothing changed.
 */
export const TaskBulkActions = ({ workspaceId, selected, team, onDone, compact = false }: TaskBulkActionsProps) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [dueOpen, setDueOpen] = useState(false);
  const [due, setDue] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [reviewUrl, setReviewUrl] = useState<string>();
  const none = selected.length === 0;
  // One link for the client: every selected task waits for review, and no more than a link takes.
  const shareable = !none && selected.length <= MAX_REVIEW_POSTS && selected.every((task) => REVIEWABLE_STATUSES.includes(task.status));
  const statuses = commonStatuses(selected);
  const members = assignableMembers(team);

  const refused = (error: unknown) => {
    const index = isApiError(error) && error.field?.startsWith('ids.') ? Number(error.field.slice(4)) : NaN;
    const task = selected[index];
    const reason = errorText(error);
    notify.negative(task ? t('taskTable.bulk.refused', { id: String(task.id), summary: task.summary, reason }) : reason);
  };
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      notify.positive(done);
      onDone();
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };
  const ids = selected.map((task) => task.uid);
  if (compact && none && !dueOpen && !deleting && !reviewUrl) return null;
  const change = (changes: BulkTaskChanges) => run(() => bulkChangeTasks(workspaceId, ids, changes), t('taskTable.bulk.done', { count: ids.length }));

  return (
    <>
      <SpaceBetween direction="horizontal" size="xs">
        <ButtonDropdown
          disabled={none || busy}
          loading={busy}
          expandToViewport
          items={
            statuses.length
              ? statuses.map((status) => ({ id: status, text: statusLabel(status) }))
              : [{ id: 'none', text: t('taskTable.bulk.statusNone'), disabled: true }]
          }
          onItemClick={({ detail }) => void change({ status: detail.id as TaskStatus })}
        >
          {t('taskTable.bulk.status')}
        </ButtonDropdown>
        <ButtonDropdown
          disabled={none || busy}
          expandToViewport
          items={[{ id: '', text: t('tasks.unassigned') }, ...members.map((member) => ({ id: member.uid, text: memberName(member) }))]}
          onItemClick={({ detail }) => void change({ assignee: detail.id === '' ? null : detail.id })}
        >
          {t('taskTable.bulk.assignee')}
        </ButtonDropdown>
        <Button disabled={none || busy} onClick={() => setDueOpen(true)}>
          {t('taskTable.bulk.dueDate')}
        </Button>
        <Button
          disabled={!shareable || busy}
          disabledReason={none ? undefined : t('taskTable.bulk.shareNotReady', { max: MAX_REVIEW_POSTS })}
          onClick={() => void run(async () => setReviewUrl((await shareForReview(workspaceId, ids)).url), t('taskTable.bulk.shared', { count: ids.length }))}
        >
          {t('taskTable.bulk.share')}
        </Button>
        <Button disabled={none || busy} onClick={() => setDeleting(true)}>
          {t('taskTable.bulk.delete')}
        </Button>
      </SpaceBetween>
      <Modal
        visible={!!reviewUrl}
        onDismiss={() => setReviewUrl(undefined)}
        header={t('taskTable.bulk.shareTitle')}
        footer={
          <Box float="right">
            <Button variant="primary" onClick={() => setReviewUrl(undefined)}>
              {t('taskTable.bulk.close')}
            </Button>
          </Box>
        }
      >
        <SpaceBetween size="s">
          <Box variant="p">{t('taskTable.bulk.shareBody')}</Box>
          <div data-testid="bulk-review-link">
            <CopyToClipboard
              variant="inline"
              textToCopy={reviewUrl ?? ''}
              copyButtonAriaLabel={t('taskTable.bulk.shareCopy')}
              copySuccessText={t('taskTable.bulk.shareCopied')}
              copyErrorText={t('taskTable.bulk.shareCopyFailed')}
            />
          </div>
        </SpaceBetween>
      </Modal>
      <Modal
        visible={dueOpen}
        onDismiss={() => setDueOpen(false)}
        header={t('taskTable.bulk.dueTitle', { count: ids.length })}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => setDueOpen(false)}>{t('taskTable.bulk.cancel')}</Button>
              <Button
                onClick={() => {
                  setDueOpen(false);
                  void change({ due_date: null });
                }}
              >
                {t('taskTable.bulk.clearDueDate')}
              </Button>
              <Button
                variant="primary"
                disabled={!due}
                onClick={() => {
                  setDueOpen(false);
                  void change({ due_date: due });
                }}
              >
                {t('taskTable.bulk.apply')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <FormField label={t('taskTable.bulk.dueLabel')}>
          <DatePicker value={due} onChange={({ detail }) => setDue(detail.value)} placeholder={t('tasks.form.datePlaceholder')} />
        </FormField>
      </Modal>
      <Modal
        visible={deleting}
        onDismiss={() => setDeleting(false)}
        header={t('taskTable.bulk.deleteTitle', { count: ids.length })}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => setDeleting(false)}>{t('taskTable.bulk.cancel')}</Button>
              <Button
                variant="primary"
                onClick={() => {
                  setDeleting(false);
                  void run(() => bulkDeleteTasks(workspaceId, ids), t('taskTable.bulk.deleted', { count: ids.length }));
                }}
              >
                {t('taskTable.bulk.deleteConfirm')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {t('taskTable.bulk.deleteBody')}
      </Modal>
    </>
  );
};
