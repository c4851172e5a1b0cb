import { contentRoutes } from '#shared/routes/content';
import { workspaceHandler } from '#lib/workspace-http';
import { brandOf, setDefaultItem } from '#core/content/items';
import { contentItemDeps } from './wiring/content';

export const handler = workspaceHandler(contentRoutes.setDefaultBrandVoice, ({ workspace, params }) =>
  setDefaultItem(contentItemDeps, brandOf(workspace, params.projectId), 'brand-voices', params.uid),
);
