import { generationRoutes } from '#shared/routes/generation';
import { workspaceHandler } from '#lib/workspace-http';
import { generateHooks } from '#core/generation/features';
import { taskGenerationDeps } from './wiring/generation';

export const handler = workspaceHandler(generationRoutes.generateHooks, ({ workspace, params, body }) => generateHooks(taskGenerationDeps, workspace, params.projectId, params.taskId, body));
