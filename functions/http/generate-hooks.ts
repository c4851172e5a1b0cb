import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { generateHooks } from '#core/generation/features';
import { taskGenerationDeps } from './wiring/generation';

export const handler = workspaceHandler(routes.generateHooks, ({ workspace, params, body }) => generateHooks(taskGenerationDeps, workspace, params.projectId, params.taskId, body));
