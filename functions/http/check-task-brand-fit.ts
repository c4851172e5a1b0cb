import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { checkTaskBrandFit } from '#core/generation/features';
import { taskGenerationDeps } from './wiring/generation';

export const handler = workspaceHandler(routes.checkTaskBrandFit, ({ workspace, params }) => checkTaskBrandFit(taskGenerationDeps, workspace, params.projectId, params.taskId));
