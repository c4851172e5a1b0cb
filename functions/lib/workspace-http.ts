import type { RouteResponse } from '#shared/routes';
import { findMembership } from '#data/memberships';
import { DomainError } from './errors';
import { wrapRoute, type HandlerInput, type WorkspaceResolver, type WorkspaceRoute } from './http';

/**
 * Tenant isolation, as a mechanism: the caller must hold a joined membership of the workspace named by the
 * path (any role for 'member' routes, admin for 'admin' routes). An unknown workspace and someone else's look
 * the same (403), so ids reveal nothing.
 */
const resolveWorkspace: WorkspaceResolver = async (route, params, caller) => {
  const workspaceId = String(params.workspaceId ?? '');
  const membership = workspaceId ? await findMembership(workspaceId, caller.userId) : undefined;
  if (!membership || membership.status !== 'joined') throw new DomainError('forbidden');
  if (route.auth === 'admin' && membership.role !== 'admin') throw new DomainError('forbidden');
  return { workspaceId, userId: caller.userId, email: caller.email, role: membership.role };
};

/** The wrapper for routes under a workspace: the handler receives the caller's WorkspaceContext. */
export const workspaceHandler = <R extends WorkspaceRoute>(
  route: R,
  handle: (input: HandlerInput<R>) => Promise<RouteResponse<R>>,
) => wrapRoute(route, handle, resolveWorkspace);
