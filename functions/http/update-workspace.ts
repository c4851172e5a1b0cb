import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { signDownload } from '#lib/uploads';
import { renameWorkspace } from '#data/workspaces';
import { updateWorkspace } from '#core/workspaces/update-workspace';
import { systemClock as clock } from '#core/clock';

export const handler = workspaceHandler(routes.updateWorkspace, ({ workspace, body }) =>
  updateWorkspace({ clock, renameWorkspace, signDownload }, workspace, body),
);
