import { contentRoutes } from '#shared/routes/content';
import { workspaceHandler } from '#lib/workspace-http';
import { brandOf } from '#core/content/items';
import { brandFeedback } from '#core/content/feedback';
import { feedbackDeps } from './wiring/content';

export const handler = workspaceHandler(contentRoutes.listProjectFeedback, ({ workspace, params }) => brandFeedback(feedbackDeps, brandOf(workspace, params.projectId)));
