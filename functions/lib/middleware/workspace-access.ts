import type { MiddlewareObj } from '@middy/core';
import { can } from '#shared/permissions';
import { workspaceActiveAt } from '#shared/plans';
import type { RouteSpec } from '#shared/routes';
import { findMembershipAndWorkspace } from '#data/memberships';
import { locateProjectWorkspace } from '#data/project-locate';
import { systemClock } from '../clock';
import type { Caller } from '../context';
import { DomainError } from '../errors';
import { logger } from '../logger';
import { stateOf, type HttpEvent, type HttpResult, type RouteContext } from './types';

/** Finds the workspace of a route whose path and body carry no workspace id (e.g. a subscription's). */
export type LocateWorkspace = (input: { params: Record<string, unknown>; query: Record<string, unknown>; caller: Caller }) => Promise<string | undefined>;

/** The workspace a request is about: the path's, else the body's, else the query's `workspaceId`. */
const workspaceIdOf = (params: Record<string, unknown>, query: Record<string, unknown>, body: unknown): string => {
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).workspaceId : undefined;
  const found = params.workspaceId ?? fromBody ?? query.workspaceId;
  return typeof found === 'string' ? found : '';
};

/** The route table's `workspaceFrom: 'project'`: the caller's workspace that holds the `projectId` path parameter's project. */
const workspaceOfProject = async (params: Record<string, unknown>, caller: Caller): Promise<string> => {
  const projectId = params.projectId;
  if (typeof projectId !== 'string') throw new Error("A route with workspaceFrom 'project' needs a 'projectId' path parameter");
  return (await locateProjectWorkspace(caller.userId, projectId)) ?? '';
};

/**
 * Tenant isolation and the permission matrix as a mechanism: the caller must hold a joined membership of the
 * route's workspace whose role may do the route's `permission`, and, unless the route is exempt, the workspace
 * must be active (whitelisted, on trial, or paid), else 402 workspace_inactive. An unknown workspace and someone
 * else's look the same (403), so ids reveal nothing. Membership, workspace and the caller's project grants come
 * from one TransactGetItems; the project directory they hold rides on the context for lists (no Query of projects).
 */
export const workspaceAccess = (
  route: Pick<RouteSpec, 'permission' | 'lockdown' | 'workspaceFrom'>,
  locate?: LocateWorkspace,
): MiddlewareObj<HttpEvent, HttpResult, Error, RouteContext> => ({
  name: 'workspaceAccess',
  before: async (request) => {
    const state = stateOf(request);
    const caller = state.caller;
    if (!caller) throw new DomainError('unauthorized');
    const workspaceId = locate
      ? await locate({ params: state.params, query: state.query, caller })
      : route.workspaceFrom === 'project'
        ? await workspaceOfProject(state.params, caller)
        : workspaceIdOf(state.params, state.query, state.body);
    if (!workspaceId) throw new DomainError('forbidden');
    const { membership, workspace, directory } = await findMembershipAndWorkspace(workspaceId, caller.userId);
    if (!membership || membership.status !== 'joined' || !workspace) throw new DomainError('forbidden');
    if (!route.permission || !can(membership.role, route.permission)) throw new DomainError('forbidden');
    if (route.lockdown !== 'exempt' && !workspaceActiveAt(workspace, systemClock())) throw new DomainError('workspace_inactive');
    logger.appendKeys({ workspaceId });
    state.workspace = {
      workspaceId,
      userId: caller.userId,
      email: caller.email,
      role: membership.role,
      isOwner: workspace.ownerId === caller.userId,
      ...(directory ? { directory } : {}),
    };
  },
});
