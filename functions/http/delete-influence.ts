import { contentRoutes } from '#shared/routes/content';
import { workspaceHandler } from '#lib/workspace-http';
import { brandOf, deleteItem } from '#core/content/items';
import { contentItemDeps } from './wiring/content';

export const handler = workspaceHandler(contentRoutes.deleteInfluence, async ({ workspace, params }) => {
  await deleteItem(contentItemDeps, brandOf(workspace, params.projectId), 'influences', params.uid);
  return {};
});
