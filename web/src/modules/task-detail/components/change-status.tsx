import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import { STATUS_TRANSITIONS, type Task, type TaskStatus } from '#shared/schemas/task';
import { useTranslation } from 'react-i18next';
import { notify } from '../../notifications/notification-store';
import { statusLabel } from '../../tasks/task-labels';
import { useTaskChange } from '../../tasks/use-task-change';

export type ChangeStatusProps = { task: Pick<Task, 'uid' | 'id' | 'status'> };

/**
 * Moves the task to one of the statuses it may go to next (STATUS_TRANSITIONS, which the server enforces); a
 * refusal comes back as the catalogue's message and the status stays.
 */
export const ChangeStatus = ({ task }: ChangeStatusProps) => {
  const { t } = useTranslation();
  const change = useTaskChange();
  const next = STATUS_TRANSITIONS[task.status];
  return (
    <ButtonDropdown
      loading={change.isPending}
      disabled={next.length === 0}
      ariaLabel={t('taskDetail.changeStatusLabel', { id: String(task.id), status: statusLabel(task.status) })}
      items={next.map((status) => ({ id: status, text: statusLabel(status) }))}
      onItemClick={({ detail }) => {
        const status = detail.id as TaskStatus;
        change.mutate(
          { uid: task.uid, patch: { status } },
          { onSuccess: () => notify.positive(t('tasks.moved', { id: String(task.id), status: statusLabel(status) })) },
        );
      }}
    >
      {t('taskDetail.changeStatus')}
    </ButtonDropdown>
  );
};
