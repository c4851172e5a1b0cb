import { contentRoutes } from '#shared/routes/content';
import { workspaceHandler } from '#lib/workspace-http';
import { getProjectContent } from '#core/content/settings';
import { contentSettingsDeps } from './wiring/content';

export const handler = workspaceHandler(contentRoutes.getProject, ({ workspace, params }) => getProjectContent(contentSettingsDeps, workspace, params.projectId));
