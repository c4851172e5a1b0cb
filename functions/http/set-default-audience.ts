import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { brandOf, setDefaultItem } from '#core/content/items';
import { contentItemDeps } from './wiring/content';

export const handler = workspaceHandler(routes.setDefaultAudience, ({ workspace, params }) =>
  setDefaultItem(contentItemDeps, brandOf(workspace, params.projectId), 'audiences', params.uid),
);
