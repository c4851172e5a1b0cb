import type { RouteResponse } from '#shared/routes';
import { routeStack, type HandlerInput, type WorkspaceRoute } from './http';
import type { Caller } from './context';
import { idempotency, type ReplayBox } from './middleware/idempotency';
import { projectRole } from './middleware/project-role';
import { workspaceAccess, type LocateWorkspace } from './middleware/workspace-access';

export type WorkspaceHandlerOptions<R extends WorkspaceRoute> = {
  /** For routes whose path and body carry no workspace id: find it from the item (e.g. a subscription). */
  locate?: (input: { params: HandlerInput<R>['params']; query: HandlerInput<R>['query']; caller: Caller }) => Promise<string | undefined>;
  /** For creates whose answer carries a secret: how a stored answer is sealed for a replay. */
  replayBox?: ReplayBox;
};

/**
 * The wrapper for routes inside a workspace: the route stack with the workspace membership, permission and
 * lockdown check (middleware/workspace-access.ts), when the route table asks for one the project role, and on creates
 * the Idempotency-Key (middleware/idempotency.ts).
 */
export const workspaceHandler = <R extends WorkspaceRoute>(
  route: R,
  handle: (input: HandlerInput<R>) => Promise<RouteResponse<R>>,
  options: WorkspaceHandlerOptions<R> = {},
) =>
  routeStack(
    route,
    handle,
    [workspaceAccess(route, options.locate as LocateWorkspace | undefined), ...(route.projectRole ? [projectRole(route)] : [])],
    (r) => idempotency(r, options.replayBox),
  );
