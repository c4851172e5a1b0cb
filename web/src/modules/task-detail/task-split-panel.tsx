import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import SplitPanel from '@cloudscape-design/components/split-panel';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../ui/page-loader';
import { useFollow } from '../../ui/use-follow';
import { taskPath } from '../tasks/components/task-table-config';
import { TaskDetail } from './components/task-detail';
import { useTaskDetail } from './use-task-detail';

export type TaskSplitPanelProps = {
  /** The task's uid (the `task` query parameter). */
  taskId: string;
  onClose: () => void;
};

/**
 * The task beside the list (AppLayout's split panel): it loads the task, then shows all of it with each field
 * editable in place; the page button goes to the task's own page, and it closes on its close button or Esc.
 */
export const TaskSplitPanel = ({ taskId, onClose }: TaskSplitPanelProps) => {
  const { t } = useTranslation();
  const follow = useFollow();
  const { task, load, retry } = useTaskDetail(taskId);

  // Deleted elsewhere while open: nothing left to show.
  useEffect(() => {
    if (load.status === 'loaded' && !task) onClose();
  }, [load.status, task, onClose]);

  const header = task ? t('tasks.taskLabel', { id: String(task.id), summary: task.summary }) : t('taskDetail.title');
  return (
    <SplitPanel
      header={header}
      closeBehavior="hide"
      ariaLabel={header}
      i18nStrings={{
        closeButtonAriaLabel: t('layout.taskPanel.close'),
        openButtonAriaLabel: t('layout.taskPanel.open'),
        preferencesTitle: t('layout.taskPanel.preferences'),
        preferencesPositionLabel: t('layout.taskPanel.position'),
        preferencesPositionDescription: t('layout.taskPanel.positionSideDescription'),
        preferencesPositionSide: t('layout.taskPanel.positionSide'),
        preferencesPositionBottom: t('layout.taskPanel.positionBottom'),
        preferencesConfirm: t('layout.taskPanel.confirm'),
        preferencesCancel: t('layout.taskPanel.cancel'),
        preferencesCloseAriaLabel: t('layout.taskPanel.cancel'),
        resizeHandleAriaLabel: t('layout.taskPanel.resize'),
        resizeHandleTooltipText: t('layout.taskPanel.resize'),
      }}
      headerActions={
        task && (
          <SpaceBetween direction="horizontal" size="xxs">
            {/* Icons only: the header's room belongs to the task's name. */}
            <Button variant="icon" href={taskPath(task)} onFollow={follow} iconName="expand" ariaLabel={t('layout.taskPanel.openPageLabel', { id: String(task.id) })} />
            <Button variant="icon" iconName="external" href={taskPath(task)} target="_blank" ariaLabel={t('taskDetail.openInNewLabel', { id: String(task.id) })} />
          </SpaceBetween>
        )
      }
    >
      {task ? (
        <TaskDetail key={task.uid} task={task} variant="panel" onDeleted={onClose} />
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
    </SplitPanel>
  );
};
