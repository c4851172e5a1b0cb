import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { updateContentSettings } from '#core/content/settings';
import { contentSettingsDeps } from './wiring/content';

export const handler = workspaceHandler(routes.updateContentSettings, ({ workspace, params, body }) =>
  updateContentSettings(contentSettingsDeps, workspace, params.projectId, body),
);
