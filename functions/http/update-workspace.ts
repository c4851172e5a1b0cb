import { workspacesRoutes } from '#shared/routes/workspaces';
import { workspaceHandler } from '#lib/workspace-http';
import { signDownload } from '#lib/uploads';
import { renameWorkspace } from '#data/workspaces';
import { updateWorkspace } from '#core/workspaces/update-workspace';
import { systemClock as clock } from '#core/clock';

export const handler = workspaceHandler(workspacesRoutes.updateWorkspace, ({ workspace, body }) =>
  updateWorkspace({ clock, renameWorkspace, signDownload }, workspace, body),
);
