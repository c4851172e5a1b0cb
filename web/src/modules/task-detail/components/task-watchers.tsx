import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TaskWatchers } from '#shared/schemas/collab';
import type { Task } from '#shared/schemas/task';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../auth/auth-store';
import { fetchWatchers, setWatching, taskRef } from '../task-api';

type WatchedTask = Pick<Task, 'uid' | 'id' | 'workspace_uid' | 'created_by' | 'assignee'>;

// The creator and the assignee watch automatically: a change of either changes the list.
const watchersKey = (task: WatchedTask) => ['task-watchers', task.uid, task.created_by, task.assignee ?? null] as const;

const useWatchers = (task: WatchedTask) =>
  useQuery<TaskWatchers>({ queryKey: watchersKey(task), queryFn: ({ signal }) => fetchWatchers(taskRef(task), signal) });

/** Watch / Stop watching: a watcher hears of the task's review decisions and comments. */
export const TaskWatchButton = ({ task }: { task: WatchedTask }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const watchers = useWatchers(task);
  const toggle = useMutation({
    mutationFn: (watching: boolean) => setWatching(taskRef(task), watching),
    onSuccess: (next) => queryClient.setQueryData(watchersKey(task), next),
  });
  if (!watchers.data) return null;
  const watching = watchers.data.watching;
  const id = String(task.id);
  return (
    <Button
      iconName={watching ? 'notification' : 'add-plus'}
      ariaLabel={t(watching ? 'taskDetail.watch.stopLabel' : 'taskDetail.watch.startLabel', { id })}
      loading={toggle.isPending}
      onClick={() => toggle.mutate(!watching)}
    >
      {t(watching ? 'taskDetail.watch.stop' : 'taskDetail.watch.start')}
    </Button>
  );
};

/** "3 watchers", opening who they are. */
export const TaskWatcherList = ({ task }: { task: WatchedTask }) => {
  const { t } = useTranslation();
  const me = useAuthStore((state) => state.user?.uid);
  const watchers = useWatchers(task);
  if (watchers.isError) return <Box variant="small">{t('taskDetail.watch.loadFailed')}</Box>;
  if (!watchers.data) return null;
  const list = watchers.data.watchers;
  return (
    <Popover
      triggerType="custom"
      dismissButton={false}
      position="bottom"
      size="medium"
      header={t('taskDetail.watch.listTitle')}
      content={
        <SpaceBetween size="xs">
          {list.length === 0 ? (
            <Box>{t('taskDetail.watch.none')}</Box>
          ) : (
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {list.map((watcher) => (
                <li key={watcher.user_uid}>{watcher.user_uid === me ? t('taskDetail.watch.you', { name: watcher.name }) : watcher.name}</li>
              ))}
            </ul>
          )}
          <Box variant="small">{t('taskDetail.watch.about')}</Box>
        </SpaceBetween>
      }
    >
      <Button variant="inline-link" iconName="user-profile">
        {t('taskDetail.watch.count', { count: list.length })}
      </Button>
    </Popover>
  );
};
