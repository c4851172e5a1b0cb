import { contentRoutes } from '#shared/routes/content';
import { workspaceHandler } from '#lib/workspace-http';
import { brandOf, updateItem } from '#core/content/items';
import { contentItemDeps } from './wiring/content';

export const handler = workspaceHandler(contentRoutes.updateAssistant, ({ workspace, params, body }) =>
  updateItem(contentItemDeps, brandOf(workspace, params.projectId), 'assistants', params.uid, body),
);
