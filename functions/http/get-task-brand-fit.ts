import { generationRoutes } from '#shared/routes/generation';
import { workspaceHandler } from '#lib/workspace-http';
import { taskBrandFitState } from '#core/generation/features';
import { openTaskFor } from './wiring/tasks';

export const handler = workspaceHandler(generationRoutes.getTaskBrandFit, ({ workspace, params }) => taskBrandFitState({ openTask: openTaskFor }, workspace, params.projectId, params.taskId));
