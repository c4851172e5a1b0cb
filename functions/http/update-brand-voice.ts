import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { brandOf, updateItem } from '#core/content/items';
import { contentItemDeps } from './wiring/content';

export const handler = workspaceHandler(routes.updateBrandVoice, ({ workspace, params, body }) =>
  updateItem(contentItemDeps, brandOf(workspace, params.projectId), 'brand-voices', params.uid, body),
);
