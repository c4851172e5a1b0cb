import { workspacesRoutes } from '#shared/routes/workspaces';
import { httpHandler } from '#lib/http';
import { newId } from '#lib/ids';
import { idempotency } from '#lib/middleware/idempotency';
import { createWorkspaceWithOwner } from '#data/workspaces';
import { createWorkspace } from '#core/workspaces/create-workspace';
import { systemClock as clock } from '#core/clock';

export const handler = httpHandler(
  workspacesRoutes.createWorkspace,
  ({ caller, body }) => createWorkspace({ clock, newId: () => newId(), createWorkspaceWithOwner }, caller, body),
  { idempotency },
);
