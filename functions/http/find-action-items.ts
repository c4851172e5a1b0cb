import { generationRoutes } from '#shared/routes/generation';
import { workspaceHandler } from '#lib/workspace-http';
import { findCallActionItems } from '#core/generation/action-items';
import { actionItemsDeps } from './wiring/generation';

export const handler = workspaceHandler(generationRoutes.findActionItems, ({ workspace, params, body }) => findCallActionItems(actionItemsDeps, workspace, params.projectId, body.notes));
