import { routes } from '#shared/routes';
import { httpHandler } from '#lib/http';
import { DomainError } from '#lib/errors';
import { getWorkspace } from '#data/workspaces';
import { toWorkspace } from '#core/workspaces/workspace-view';

export const handler = httpHandler(routes.getWorkspace, async ({ workspace }) => {
  const item = await getWorkspace(workspace);
  if (!item) throw new DomainError('company_account_not_found');
  return toWorkspace(item);
});
