import { contentRoutes } from '#shared/routes/content';
import { workspaceHandler } from '#lib/workspace-http';
import { updateContentSettings } from '#core/content/settings';
import { contentSettingsDeps } from './wiring/content';

export const handler = workspaceHandler(contentRoutes.updateContentSettings, ({ workspace, params, body }) =>
  updateContentSettings(contentSettingsDeps, workspace, params.projectId, body),
);
