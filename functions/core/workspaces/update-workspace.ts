import type { Workspace } from '#shared/schemas/workspace';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { WorkspaceItem } from '#data/workspaces';
import type { Clock } from '../clock';
import { toWorkspaceWithLogo, type SignDownload } from './workspace-view';

export type UpdateWorkspaceDeps = {
  clock: Clock;
  renameWorkspace: (ctx: WorkspaceContext, name: string) => Promise<WorkspaceItem | undefined>;
  signDownload: SignDownload;
};

/** An admin renames the workspace; a workspace deleted meanwhile is not found. */
export const updateWorkspace = async (deps: UpdateWorkspaceDeps, ctx: WorkspaceContext, input: { name: string }): Promise<Workspace> => {
  const item = await deps.renameWorkspace(ctx, input.name);
  if (!item) throw new DomainError('company_account_not_found');
  return toWorkspaceWithLogo(deps.signDownload, item, deps.clock());
};
