import type { RouteResponse } from '#shared/routes';
import { can } from '#shared/permissions';
import { findMembershipAndWorkspace } from '#data/memberships';
import { systemClock } from '#core/clock';
import { workspaceStatus } from '#core/workspaces/workspace-status';
import { DomainError } from './errors';
import { wrapRoute, type HandlerInput, type WorkspaceRoute } from './http';
import type { Caller, WorkspaceContext } from './context';

export type WorkspaceHandlerOptions<R extends WorkspaceRoute> = {
  /** For routes whose path and body carry no workspace id: find it from the item (e.g. a subscription). */
  locate?: (input: { params: HandlerInput<R>['params']; query: HandlerInput<R>['query']; caller: Caller }) => Promise<string | undefined>;
};

const workspaceIdOf = (params: Record<string, unknown>, query: Record<string, unknown>, body: unknown) => {
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).workspaceId : undefined;
  return String(params.workspaceId ?? fromBody ?? query.workspaceId ?? '');
};

/**
 * The wrapper for routes inside a workspace. Tenant isolation and the permission matrix as a mechanism: the
 * caller must hold a joined membership of the route's workspace whose role may do the route's `permission`,
 * and, unless the route is exempt, the workspace must be active (whitelisted, on trial, or paid) — otherwise
 * 402 workspace_inactive. An unknown workspace and someone else's look the same (403), so ids reveal nothing.
 * Membership and workspace come from one TransactGetItems.
 */
export const workspaceHandler = <R extends WorkspaceRoute>(
  route: R,
  handle: (input: HandlerInput<R>) => Promise<RouteResponse<R>>,
  options: WorkspaceHandlerOptions<R> = {},
) =>
  wrapRoute(route, handle, async (spec, { params, query, body, caller }): Promise<WorkspaceContext> => {
    const workspaceId = options.locate
      ? await options.locate({ params: params as HandlerInput<R>['params'], query: query as HandlerInput<R>['query'], caller })
      : workspaceIdOf(params, query, body);
    if (!workspaceId) throw new DomainError('forbidden');
    const { membership, workspace } = await findMembershipAndWorkspace(workspaceId, caller.userId);
    if (!membership || membership.status !== 'joined' || !workspace) throw new DomainError('forbidden');
    if (!spec.permission || !can(membership.role, spec.permission)) throw new DomainError('forbidden');
    const now = systemClock();
    const status = workspaceStatus(workspace, now);
    if (spec.lockdown !== 'exempt' && !status.active) throw new DomainError('workspace_inactive');
    return { workspaceId, userId: caller.userId, email: caller.email, role: membership.role, isOwner: workspace.ownerId === caller.userId };
  });
