import { workspacesRoutes } from '#shared/routes/workspaces';
import { workspaceHandler } from '#lib/workspace-http';
import { DomainError } from '#lib/errors';
import { getWorkspace } from '#data/workspaces';
import { signDownload } from '#lib/uploads';
import { toWorkspaceWithLogo } from '#core/workspaces/workspace-view';
import { systemClock as clock } from '#core/clock';

export const handler = workspaceHandler(workspacesRoutes.getWorkspace, async ({ workspace }) => {
  const item = await getWorkspace(workspace);
  if (!item) throw new DomainError('company_account_not_found');
  return toWorkspaceWithLogo(signDownload, item, clock());
});
