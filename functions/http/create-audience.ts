import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { brandOf, createItem } from '#core/content/items';
import { contentItemDeps } from './wiring/content';

export const handler = workspaceHandler(routes.createAudience, ({ workspace, params, body }) =>
  createItem(contentItemDeps, brandOf(workspace, params.projectId), 'audiences', body),
);
