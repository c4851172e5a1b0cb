import { analyticsRoutes } from '#shared/routes/analytics';
import { workspaceHandler } from '#lib/workspace-http';
import { getAnalytics } from '#core/analytics/get-analytics';
import { brandOf } from '#core/content/items';
import { analyticsDeps } from './wiring/analytics';

export const handler = workspaceHandler(analyticsRoutes.getAnalytics, ({ workspace, params, query }) => getAnalytics(analyticsDeps, brandOf(workspace, params.projectId), query));
