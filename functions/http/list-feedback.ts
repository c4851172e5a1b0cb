import { contentRoutes } from '#shared/routes/content';
import { workspaceHandler } from '#lib/workspace-http';
import { brandOf } from '#core/content/items';
import { fieldFeedback } from '#core/content/feedback';
import { feedbackDeps } from './wiring/content';

export const handler = workspaceHandler(contentRoutes.listFeedback, ({ workspace, params }) => fieldFeedback(feedbackDeps, brandOf(workspace, params.projectId), params.field));
