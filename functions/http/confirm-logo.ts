import { workspacesRoutes } from '#shared/routes/workspaces';
import { workspaceHandler } from '#lib/workspace-http';
import * as store from '#lib/uploads';
import { claimUploads } from '#data/upload-claims';
import { setWorkspaceLogoKey } from '#data/workspaces';
import { systemClock as clock } from '#core/clock';
import { confirmLogo } from '#core/workspaces/workspace-logo';

export const handler = workspaceHandler(workspacesRoutes.confirmLogo, ({ workspace, body }) =>
  confirmLogo({ clock, setWorkspaceLogoKey, claimUploads, store }, workspace, body.key),
);
