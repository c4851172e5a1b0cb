import { collabRoutes } from '#shared/routes/collab';
import { workspaceHandler } from '#lib/workspace-http';
import { deleteObjects } from '#lib/uploads';
import { deleteCommentTransaction, getCommentItem } from '#data/comments';
import { locateTask } from '#data/tasks';
import { openTaskFor as openTask } from './wiring/tasks';
import { deleteComment } from '#core/comments/delete-comment';

export const handler = workspaceHandler(
  collabRoutes.deleteComment,
  async ({ workspace, params }) => {
    await deleteComment({ openTask, getCommentItem, deleteCommentTransaction, deleteObjects }, workspace, params.id, params.commentId);
    return {};
  },
  { locate: locateTask },
);
