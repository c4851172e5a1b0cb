import { collabRoutes } from '#shared/routes/collab';
import { workspaceHandler } from '#lib/workspace-http';
import { newId } from '#lib/ids';
import { presignUpload } from '#lib/uploads';
import { locateTask } from '#data/tasks';
import { openTaskFor as openTask } from './wiring/tasks';
import { createUploads } from '#core/uploads/create-uploads';

export const handler = workspaceHandler(
  collabRoutes.createUploads,
  ({ workspace, params, body }) => createUploads({ openTask, presignUpload, newRandom: () => newId(12) }, workspace, params.id, body),
  { locate: locateTask },
);
