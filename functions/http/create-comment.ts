import { collabRoutes } from '#shared/routes/collab';
import { workspaceHandler } from '#lib/workspace-http';
import { newTimeId } from '#lib/ids';
import * as store from '#lib/uploads';
import { createCommentTransaction } from '#data/comments';
import { locateTask } from '#data/tasks';
import { claimUploads } from '#data/upload-claims';
import { getUser } from '#data/users';
import { systemClock as clock } from '#core/clock';
import { openTaskFor as openTask } from './wiring/tasks';
import { audience } from './wiring/notifications';
import { createComment } from '#core/comments/create-comment';

const getUserName = async (userId: string) => (await getUser(userId))?.name;

export const handler = workspaceHandler(
  collabRoutes.createComment,
  ({ workspace, params, body }) =>
    createComment(
      { clock, newCommentId: (now) => newTimeId(now.getTime()), openTask, createCommentTransaction, getUserName, claimUploads, store, audience },
      workspace,
      params.id,
      body,
    ),
  { locate: locateTask },
);
