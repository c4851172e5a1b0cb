import { contentRoutes } from '#shared/routes/content';
import { workspaceHandler } from '#lib/workspace-http';
import { brandOf } from '#core/content/items';
import { giveFeedback } from '#core/content/feedback';
import { feedbackDeps } from './wiring/content';

export const handler = workspaceHandler(contentRoutes.createFeedback, ({ workspace, params, body }) =>
  giveFeedback(feedbackDeps, workspace, brandOf(workspace, params.projectId), params.field, body),
);
