import { contentRoutes } from '#shared/routes/content';
import { workspaceHandler } from '#lib/workspace-http';
import { brandOf, createItem } from '#core/content/items';
import { contentItemDeps } from './wiring/content';

export const handler = workspaceHandler(contentRoutes.createBrandVoice, ({ workspace, params, body }) =>
  createItem(contentItemDeps, brandOf(workspace, params.projectId), 'brand-voices', body),
);
