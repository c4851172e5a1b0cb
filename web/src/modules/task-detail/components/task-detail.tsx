import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import type { Task } from '#shared/schemas/task';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TaskComments } from '../../comments/components/task-comments';
import { TaskDeliveriesPanel } from '../../integrations/components/task-deliveries-panel';
import { TaskDrivePanel } from '../../drive/components/task-drive-panel';
import { AttachmentView } from '../../comments/components/attachment-view';
import { confirmAction } from '../../notifications/confirm-dialog';
import { useAction } from '../../notifications/use-action';
import { TaskFormModal } from '../../tasks/components/task-form';
import { TaskStatusBadge } from '../../tasks/components/task-status-badge';
import { useDuplicateTask } from '../../tasks/components/task-table-actions';
import { typeLabel } from '../../tasks/task-labels';
import { deleteTask } from '../../tasks/task-service';
import { PostGenerationPanel } from '../../generation/components/post-generation-panel';
import { TaskRecording } from '../../recording/components/task-recording';
import { TaskTime } from '../../time-tracking/components/task-time';
import { TaskTimerButton } from '../../time-tracking/components/task-timer-button';
import { useCan } from '../../workspaces/workspace-store';
import { taskRef } from '../task-api';
import { refreshTask } from '../use-task-detail';
import { ChangeStatus } from './change-status';
import { ReviewLinkPanel } from './review-link-panel';
import { TaskActivityPanel } from './task-activity';
import { TaskOverview } from './task-overview';
import { TaskTypeFields } from './task-type-fields';
import { TaskWatchButton, TaskWatcherList } from './task-watchers';

export type TaskDetailProps = {
  task: Task;
  /** 'page': the task page's h1 carries the title; 'panel': the split panel's header does, so none here. */
  variant: 'page' | 'panel';
  /** More header actions. */
  extraActions?: ReactNode;
  onDeleted: () => void;
};

/**
 * Everything about one task, the same in the split panel and on the task page: what it is and where it stands, its
 * type's fields (each editable in place), the external review link, and beside them (below, where narrow) comments,
 * time and history.
 */
export const TaskDetail = ({ task, variant, extraActions, onDeleted }: TaskDetailProps) => {
  const { t } = useTranslation();
  const canWrite = useCan('tasks.write');
  const canTrack = useCan('time.write');
  const isAdmin = useCan('team.manage');
  const [editing, setEditing] = useState(false);
  const { busy, run } = useAction();
  const [commentCount, setCommentCount] = useState<number>();
  const ref = taskRef(task);
  const refresh = useCallback(() => void refreshTask(task.uid), [task.uid]);
  const duplicate = useDuplicateTask();

  const remove = async () => {
    if (!(await confirmAction())) return;
    run(
      'delete',
      async () => {
        await deleteTask(task.uid);
        onDeleted();
      },
      t('taskDetail.deleted', { id: String(task.id) }),
    );
  };

  const actions = (
    <SpaceBetween direction="horizontal" size="xs">
      {canWrite && <ChangeStatus task={task} />}
      <TaskTimerButton task={task} variant="normal" />
      <TaskWatchButton task={task} />
      {canWrite && (
        <Button iconName="edit" onClick={() => setEditing(true)}>
          {t('inlineEdit.editAll')}
        </Button>
      )}
      {canWrite && (
        <Button iconName="copy" onClick={() => duplicate(task)}>
          {t('taskTable.duplicate')}
        </Button>
      )}
      {canWrite && (
        <Button iconName="remove" loading={busy === 'delete'} onClick={() => void remove()}>
          {t('taskDetail.delete')}
        </Button>
      )}
      {extraActions}
    </SpaceBetween>
  );

  const files = task.attachments.length + task.audio.length;

  return (
    <SpaceBetween size="l">
      {variant === 'page' ? (
        <Header
          variant="h1"
          actions={actions}
          description={
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <TaskStatusBadge status={task.status} />
              <span>{t('taskDetail.subtitle', { brand: task.projects.name || task.project, type: typeLabel(task.ticket_type) })}</span>
              <TaskWatcherList task={task} />
            </SpaceBetween>
          }
        >
          {t('tasks.taskLabel', { id: String(task.id), summary: task.summary })}
        </Header>
      ) : (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between', alignItems: 'center' }}>
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <TaskStatusBadge status={task.status} />
            <span>{t('taskDetail.subtitle', { brand: task.projects.name || task.project, type: typeLabel(task.ticket_type) })}</span>
            <TaskWatcherList task={task} />
          </SpaceBetween>
          {actions}
        </div>
      )}
      {/* The grid answers to its own width: side by side on a wide page, one column in the panel or on a phone. */}
      <Grid gridDefinition={[{ colspan: { default: 12, s: 7 } }, { colspan: { default: 12, s: 5 } }]}>
        <SpaceBetween size="l">
          {task.recording && <TaskRecording key={task.recording.uid} recording={task.recording} workspaceId={task.workspace_uid} canWrite={canWrite} onLinkExpired={refresh} />}
          <TaskOverview task={task} canWrite={canWrite} />
          {task.ticket_type === 'post' && <PostGenerationPanel task={task} canWrite={canWrite} />}
          <TaskTypeFields task={task} canWrite={canWrite} />
          <TaskDrivePanel task={task} canWrite={canWrite} />
          {files > 0 && (
            <Container header={<Header variant="h2" counter={`(${files})`}>{t('taskDetail.files')}</Header>}>
              <AttachmentView files={task.attachments} audio={task.audio} />
            </Container>
          )}
          <ReviewLinkPanel task={task} canWrite={canWrite} />
          {task.details.integrations.length > 0 && <TaskDeliveriesPanel taskRef={ref} canWrite={canWrite} />}
        </SpaceBetween>
        <Container>
          <Tabs
            ariaLabel={t('taskDetail.tabs.label')}
            tabs={[
              {
                id: 'comments',
                label: commentCount === undefined ? t('taskDetail.tabs.comments') : t('taskDetail.tabs.commentsCount', { count: commentCount }),
                content: <TaskComments taskRef={ref} canWrite={canWrite} isAdmin={isAdmin} onChanged={refresh} onCount={setCommentCount} />,
              },
              { id: 'time', label: t('taskDetail.tabs.time'), content: <TaskTime taskRef={ref} canWrite={canTrack} isAdmin={isAdmin} onChanged={refresh} /> },
              { id: 'activity', label: t('taskDetail.tabs.activity'), content: <TaskActivityPanel task={task} /> },
            ]}
          />
        </Container>
      </Grid>
      {canWrite && editing && (
        <TaskFormModal
          visible
          mode="edit"
          task={task}
          onDismiss={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      )}
    </SpaceBetween>
  );
};
