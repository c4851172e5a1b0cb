import { contentRoutes } from '#shared/routes/content';
import { workspaceHandler } from '#lib/workspace-http';
import { brandOf, listItems } from '#core/content/items';
import { contentItemDeps } from './wiring/content';

export const handler = workspaceHandler(contentRoutes.listBrandVoices, ({ workspace, params }) => listItems(contentItemDeps, brandOf(workspace, params.projectId), 'brand-voices'));
