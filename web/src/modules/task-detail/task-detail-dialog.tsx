import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../ui/page-loader';
import { onOpenTask } from '../tasks/task-events';
import { TaskDetail } from './components/task-detail';
import { taskPath } from '../tasks/components/task-table-config';
import { useTaskDetail } from './use-task-detail';
import './task-detail-dialog.css';

/** Spec 2: the dialog is at most 1200px wide. */
const DIALOG_WIDTH = 1200;

/**
 * The task detail dialog (spec 2): opened from anywhere by the app-wide open-task event, it loads the task, then
 * shows it; open-in-new goes to the task's page; closing clears the task.
 */
export const TaskDetailDialog = () => {
  const { t } = useTranslation();
  const [taskId, setTaskId] = useState<string>();
  const { task, load, retry } = useTaskDetail(taskId);

  useEffect(() => onOpenTask(({ taskId: id }) => setTaskId(id)), []);

  // Deleted elsewhere while open: nothing left to show.
  useEffect(() => {
    if (load.status === 'loaded' && !task) setTaskId(undefined);
  }, [load.status, task]);

  const close = () => setTaskId(undefined);
  const header = task ? t('tasks.taskLabel', { id: String(task.id), summary: task.summary }) : t('taskDetail.title');

  return (
    <Modal
      className="task-detail-dialog"
      visible={!!taskId}
      onDismiss={close}
      size="max"
      width={DIALOG_WIDTH}
      header={header}
      closeAriaLabel={t('taskDetail.close')}
    >
      {/* Closed: nothing inside (a hidden loader would stay in the page). */}
      {!taskId ? null : task ? (
        <TaskDetail
          key={task.uid}
          task={task}
          variant="dialog"
          onDeleted={close}
          extraActions={
            <Button iconName="external" href={taskPath(task)} target="_blank" ariaLabel={t('taskDetail.openInNewLabel', { id: String(task.id) })}>
              {t('taskDetail.openInNew')}
            </Button>
          }
        />
      ) : load.status === 'error' ? (
        <Box textAlign="center" padding={{ vertical: 'xl' }}>
          <SpaceBetween size="s">
            <Box variant="p">{load.errorStatus === 404 ? t('errors.task_not_found') : load.errorStatus === 403 ? t('taskDetail.noAccess') : t('taskDetail.loadFailed')}</Box>
            {load.errorStatus !== 404 && load.errorStatus !== 403 && <Button onClick={retry}>{t('comments.retry')}</Button>}
          </SpaceBetween>
        </Box>
      ) : (
        <PageLoader label={t('taskDetail.loading')} />
      )}
    </Modal>
  );
};
