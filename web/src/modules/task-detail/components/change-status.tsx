import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import { STATUS_TRANSITIONS, type Task, type TaskStatus } from '#shared/schemas/task';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../notifications/notification-store';
import { statusLabel } from '../../tasks/task-labels';
import { updateTask } from '../../tasks/task-service';

export type ChangeStatusProps = { task: Pick<Task, 'uid' | 'id' | 'status'> };

/**
 * Moves the task to one of the statuses it may go to next (STATUS_TRANSITIONS, which the server enforces); a
 * refusal comes back as the catalogue's message and the status stays.
 */
export const ChangeStatus = ({ task }: ChangeStatusProps) => {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const next = STATUS_TRANSITIONS[task.status];
  return (
    <ButtonDropdown
      loading={saving}
      disabled={next.length === 0}
      ariaLabel={t('taskDetail.changeStatusLabel', { id: String(task.id), status: statusLabel(task.status) })}
      items={next.map((status) => ({ id: status, text: statusLabel(status) }))}
      onItemClick={async ({ detail }) => {
        const status = detail.id as TaskStatus;
        setSaving(true);
        try {
          await updateTask(task.uid, { status });
          notify.positive(t('tasks.moved', { id: String(task.id), status: statusLabel(status) }));
        } catch {
          // the API client showed the refusal; the store put the old status back
        } finally {
          setSaving(false);
        }
      }}
    >
      {t('taskDetail.changeStatus')}
    </ButtonDropdown>
  );
};
