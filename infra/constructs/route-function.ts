import type { Construct } from 'constructs';
import type { RouteSpec } from '#shared/routes';
import { functionNames } from '../names';
import type { StageConfig } from '../stage-config';
import { AppFunction, type FunctionResources } from './app-function';

/** Where a route's handler lives; the drift test checks every route has one and every file has a route. */
export const routeEntry = (route: Pick<RouteSpec, 'id'>) => `functions/http/${route.id}.ts`;

export type RouteFunctionProps = { config: StageConfig; route: RouteSpec; resources: FunctionResources };

/** The Lambda of one route-table entry: its handler file, its summary, and grants from its `access`. */
export class RouteFunction extends AppFunction {
  readonly route: RouteSpec;

  constructor(scope: Construct, id: string, { config, route, resources }: RouteFunctionProps) {
    super(scope, id, {
      config,
      entry: routeEntry(route),
      name: functionNames.route(route.id),
      description: `${route.method} ${route.path}: ${route.summary}`,
      access: route.access,
      resources,
    });
    this.route = route;
  }
}
