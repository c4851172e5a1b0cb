import { route } from './route-spec';
import { analytics, analyticsParams, analyticsQuery } from '../schemas/analytics';

/**
 * Analytics of the brand's connected Instagram and YouTube accounts (issue 14), from what the sync stored. Reading
 * needs access to the brand, as its posts do.
 */
export const analyticsRoutes = {
  getAnalytics: route({
    id: 'get-analytics',
    method: 'GET',
    path: '/workspaces/{workspaceId}/projects/{projectId}/analytics',
    auth: 'workspace',
    projectRole: 'access',
    permission: 'content.read',
    params: analyticsParams,
    query: analyticsQuery,
    response: analytics,
    // bucket: a post's thumbnail is answered as a signed link to the server's copy.
    access: { table: 'read', bucket: 'read' },
    summary: "The brand's account analytics in a date range (default: the last 90 days), per platform or both: followers per day, posts per week, per-post metrics, content pillars, best posting times",
  }),
} as const;
