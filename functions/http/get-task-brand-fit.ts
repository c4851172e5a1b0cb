import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { taskBrandFitState } from '#core/generation/features';
import { openTaskFor } from './wiring/tasks';

export const handler = workspaceHandler(routes.getTaskBrandFit, ({ workspace, params }) => taskBrandFitState({ openTask: openTaskFor }, workspace, params.projectId, params.taskId));
