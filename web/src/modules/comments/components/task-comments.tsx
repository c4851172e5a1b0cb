import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../ui/page-loader';
import { useAuthStore } from '../../auth/auth-store';
import { confirmAction } from '../../notifications/confirm-dialog';
import { notify } from '../../notifications/notification-store';
import type { TaskRef } from '../../task-detail/task-api';
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
  const [comments, setComments] = useState<Comment[]>();
  const [failed, setFailed] = useState(false);
  const [deleting, setDeleting] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const { uid, workspaceUid } = taskRef;

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    listComments({ uid, workspaceUid }, controller.signal)
      .then(setComments)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [uid, workspaceUid, attempt]);

  useEffect(() => {
    if (comments) onCount?.(comments.length);
  }, [comments, onCount]);

  const remove = async (comment: Comment) => {
    if (!(await confirmAction())) return;
    setDeleting(comment.uid);
    try {
      await deleteComment(taskRef, comment.uid);
      setComments((current) => current?.filter((item) => item.uid !== comment.uid));
      notify.positive(t('comments.deleted'));
      onChanged?.();
    } catch {
      // the API client showed why
    } finally {
      setDeleting(undefined);
    }
  };

  return (
    <SpaceBetween size="l">
      {failed ? (
        <SpaceBetween size="xs" direction="horizontal" alignItems="center">
          <Box color="text-status-error">{t('comments.loadFailed')}</Box>
          <Button onClick={() => setAttempt((value) => value + 1)}>{t('comments.retry')}</Button>
        </SpaceBetween>
      ) : comments ? (
        <CommentList comments={comments} canDelete={(comment) => isAdmin || comment.author === me} onDelete={(comment) => void remove(comment)} deleting={deleting} />
      ) : (
        <PageLoader label={t('comments.loading')} />
      )}
      {canWrite && (
        <CommentComposer
          taskRef={taskRef}
          onPosted={(comment) => {
            setComments((current) => [...(current ?? []), comment]);
            notify.positive(t('comments.posted'));
            onChanged?.();
          }}
        />
      )}
    </SpaceBetween>
  );
};
