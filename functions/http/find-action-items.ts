import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { findCallActionItems } from '#core/generation/action-items';
import { actionItemsDeps } from './wiring/generation';

export const handler = workspaceHandler(routes.findActionItems, ({ workspace, params, body }) => findCallActionItems(actionItemsDeps, workspace, params.projectId, body.notes));
