import { contentRoutes } from '#shared/routes/content';
import { workspaceHandler } from '#lib/workspace-http';
import { brandOf, deleteItem } from '#core/content/items';
import { contentItemDeps } from './wiring/content';

export const handler = workspaceHandler(contentRoutes.deleteBrandVoice, async ({ workspace, params }) => {
  await deleteItem(contentItemDeps, brandOf(workspace, params.projectId), 'brand-voices', params.uid);
  return {};
});
