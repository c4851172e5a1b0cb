import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { getProjectContent } from '#core/content/settings';
import { contentSettingsDeps } from './wiring/content';

export const handler = workspaceHandler(routes.getProject, ({ workspace, params }) => getProjectContent(contentSettingsDeps, workspace, params.projectId));
