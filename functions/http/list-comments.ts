import { collabRoutes } from '#shared/routes/collab';
import { workspaceHandler } from '#lib/workspace-http';
import { signDownload } from '#lib/uploads';
import { listCommentItems } from '#data/comments';
import { locateTask } from '#data/tasks';
import { getUserNames } from '#data/users';
import { openTaskFor as openTask } from './wiring/tasks';
import { listComments } from '#core/comments/list-comments';

export const handler = workspaceHandler(
  collabRoutes.listComments,
  ({ workspace, params }) => listComments({ openTask, listCommentItems, getUserNames, signDownload }, workspace, params.id),
  { locate: locateTask },
);
