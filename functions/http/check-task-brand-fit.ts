import { generationRoutes } from '#shared/routes/generation';
import { workspaceHandler } from '#lib/workspace-http';
import { checkTaskBrandFit } from '#core/generation/features';
import { taskGenerationDeps } from './wiring/generation';

export const handler = workspaceHandler(generationRoutes.checkTaskBrandFit, ({ workspace, params }) => checkTaskBrandFit(taskGenerationDeps, workspace, params.projectId, params.taskId));
