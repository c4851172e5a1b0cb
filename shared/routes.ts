import type * as z from 'zod/mini';
import { aiRoutes } from './routes/ai';
import { analyticsRoutes } from './routes/analytics';
import { billingRoutes } from './routes/billing';
import { collabRoutes } from './routes/collab';
import { driveRoutes } from './routes/drive';
import { connectionsRoutes } from './routes/connections';
import { contentRoutes } from './routes/content';
import { exportsRoutes } from './routes/exports';
import { generationRoutes } from './routes/generation';
import { importsRoutes } from './routes/imports';
import { integrationsRoutes } from './routes/integrations';
import { postsRoutes } from './routes/posts';
import { profileRoutes } from './routes/profile';
import { projectsRoutes } from './routes/projects';
import { pushRoutes } from './routes/push';
import { recordingsRoutes } from './routes/recordings';
import { API_PREFIX, type RouteSpec } from './routes/route-spec';
import { tasksRoutes } from './routes/tasks';
import { tryRoutes } from './routes/try';
import { teamRoutes } from './routes/team';
import { workspacesRoutes } from './routes/workspaces';

export type { AuthLevel, Defaulted, HttpMethod, RouteAccess, RouteEntry, RouteSpec } from './routes/route-spec';
export { acceptsIdempotencyKey, API_PREFIX, IDEMPOTENCY_HEADER, route } from './routes/route-spec';

/**
 * The route table by domain, one file each under shared/routes/. A domain is also a deployment unit: the API is
 * split into one stack per domain, so a domain is a group of routes that change together.
 */
export const routesByDomain = {
  workspaces: workspacesRoutes,
  team: teamRoutes,
  projects: projectsRoutes,
  tasks: tasksRoutes,
  collab: collabRoutes,
  integrations: integrationsRoutes,
  exports: exportsRoutes,
  profile: profileRoutes,
  billing: billingRoutes,
  content: contentRoutes,
  ai: aiRoutes,
  generation: generationRoutes,
  imports: importsRoutes,
  posts: postsRoutes,
  recordings: recordingsRoutes,
  try: tryRoutes,
  push: pushRoutes,
  analytics: analyticsRoutes,
  drive: driveRoutes,
  connections: connectionsRoutes,
} as const satisfies Record<string, Record<string, RouteSpec>>;
export type RouteDomain = keyof typeof routesByDomain;
export const ROUTE_DOMAINS = Object.keys(routesByDomain) as RouteDomain[];

/**
 * The ROUTE TABLE. One entry per HTTP route: CDK makes one Lambda per entry from functions/http/<id>.ts,
 * the local gateway mounts the same entries, and the SPA's API client is typed from them.
 */
export const routes = {
  ...workspacesRoutes,
  ...teamRoutes,
  ...projectsRoutes,
  ...tasksRoutes,
  ...collabRoutes,
  ...integrationsRoutes,
  ...exportsRoutes,
  ...profileRoutes,
  ...billingRoutes,
  ...contentRoutes,
  ...aiRoutes,
  ...generationRoutes,
  ...importsRoutes,
  ...postsRoutes,
  ...recordingsRoutes,
  ...tryRoutes,
  ...pushRoutes,
  ...analyticsRoutes,
  ...driveRoutes,
  ...connectionsRoutes,
} as const satisfies Record<string, RouteSpec>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export const routeList: readonly RouteSpec[] = Object.values(routes);

const domainById = new Map<string, RouteDomain>(
  ROUTE_DOMAINS.flatMap((domain) => Object.values<RouteSpec>(routesByDomain[domain]).map((entry) => [entry.id, domain] as const)),
);
/** The domain whose file holds a route. */
export const routeDomainOf = (route: Pick<RouteSpec, 'id'>): RouteDomain => {
  const domain = domainById.get(route.id);
  if (!domain) throw new Error(`Route ${route.id} is not in the route table`);
  return domain;
};

/** The route key API Gateway matches (and puts in each event): method and the path mounted under the prefix. */
export const routeKeyOf = (route: Pick<RouteSpec, 'method' | 'path'>, prefix = API_PREFIX) => `${route.method} ${prefix}${route.path}`;

export type RouteParams<R extends RouteSpec> = z.output<R['params']>;
export type RouteQuery<R extends RouteSpec> = z.input<R['query']>;
export type RouteBody<R extends RouteSpec> = z.input<R['body']>;
export type RouteResponse<R extends RouteSpec> = z.output<R['response']>;
