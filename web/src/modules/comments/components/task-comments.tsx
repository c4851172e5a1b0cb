import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from '../../../api/query-client';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../ui/page-loader';
import { useAuthStore } from '../../auth/auth-store';
import { confirmAction } from '../../notifications/confirm-dialog';
import { useAction } from '../../notifications/use-action';
import { notify } from '../../notifications/notification-store';
import type { TaskRef } from '../../task-detail/task-api';
import { taskKeys } from '../../tasks/task-keys';
import { deleteComment, listComments, type Comment } from '../comment-service';
import { CommentComposer } from './comment-composer';
import { CommentList } from './comment-list';

export type TaskCommentsProps = {
  taskRef: TaskRef;
  /** May write on tasks (tasks.write): the composer shows. */
  canWrite: boolean;
  /** A workspace admin may delete anyone's comment. */
  isAdmin: boolean;
  /** Comments changed the task's files: the detail refreshes them. */
  onChanged?: () => void;
  onCount?: (count: number) => void;
};

/** A task's comments with the composer under them. */
export const TaskComments = ({ taskRef, canWrite, isAdmin, onChanged, onCount }: TaskCommentsProps) => {
  const { t } = useTranslation();
  const me = useAuthStore((state) => state.user?.uid);
  const key = taskKeys.part(taskRef.uid, 'comments');
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => listComments(taskRef, signal) });
  const comments = list.data;
  const setComments = (change: (current: Comment[]) => Comment[]) => queryClient.setQueryData<Comment[]>(key, (current) => change(current ?? []));
  const { busy, run } = useAction();

  useEffect(() => {
    if (comments) onCount?.(comments.length);
  }, [comments, onCount]);

  const remove = async (comment: Comment) => {
    if (!(await confirmAction())) return;
    run(
      comment.uid,
      async () => {
        await deleteComment(taskRef, comment.uid);
        setComments((current) => current.filter((item) => item.uid !== comment.uid));
        onChanged?.();
      },
      t('comments.deleted'),
    );
  };

  return (
    <SpaceBetween size="l">
      {list.isError && !list.isFetching ? (
        <SpaceBetween size="xs" direction="horizontal" alignItems="center">
          <Box color="text-status-error">{t('comments.loadFailed')}</Box>
          <Button onClick={() => void list.refetch()}>{t('comments.retry')}</Button>
        </SpaceBetween>
      ) : comments ? (
        <CommentList comments={comments} canDelete={(comment) => isAdmin || comment.author === me} onDelete={(comment) => void remove(comment)} deleting={busy} />
      ) : (
        <PageLoader label={t('comments.loading')} />
      )}
      {canWrite && (
        <CommentComposer
          taskRef={taskRef}
          onPosted={(comment) => {
            setComments((current) => [...current, comment]);
            notify.positive(t('comments.posted'));
            onChanged?.();
          }}
        />
      )}
    </SpaceBetween>
  );
};
