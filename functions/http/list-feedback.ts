import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { brandOf } from '#core/content/items';
import { fieldFeedback } from '#core/content/feedback';
import { feedbackDeps } from './wiring/content';

export const handler = workspaceHandler(routes.listFeedback, ({ workspace, params }) => fieldFeedback(feedbackDeps, brandOf(workspace, params.projectId), params.field));
