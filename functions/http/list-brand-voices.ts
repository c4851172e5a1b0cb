import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { brandOf, listItems } from '#core/content/items';
import { contentItemDeps } from './wiring/content';

export const handler = workspaceHandler(routes.listBrandVoices, ({ workspace, params }) => listItems(contentItemDeps, brandOf(workspace, params.projectId), 'brand-voices'));
