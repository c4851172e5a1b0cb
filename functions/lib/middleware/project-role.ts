import type { MiddlewareObj } from '@middy/core';
import { hasProjectAccess, isProjectAdmin } from '#shared/permissions';
import type { RouteSpec } from '#shared/routes';
import { getProjectAndMember } from '#data/projects';
import { DomainError } from '../errors';
import { stateOf, type HttpEvent, type HttpResult, type RouteContext } from './types';

/**
 * The route table's `projectRole` for the project of the `projectId` path parameter, after the workspace check.
 * A workspace admin passes without a read (the handler still answers project_not_found for a missing project);
 * anyone else needs a grant: a missing project, or one they may not open, is project_not_found (as for a project
 * of another workspace); one they may open but not administer is project_admin_required.
 */
export const projectRole = (route: Pick<RouteSpec, 'projectRole'>): MiddlewareObj<HttpEvent, HttpResult, Error, RouteContext> => ({
  name: 'projectRole',
  before: async (request) => {
    if (!route.projectRole) return;
    const { workspace, params } = stateOf(request);
    if (!workspace) throw new Error('projectRole needs the workspaceAccess middleware before it');
    if (workspace.role === 'admin') return;
    const projectId = params.projectId;
    if (typeof projectId !== 'string') throw new Error("A route with projectRole needs a 'projectId' path parameter");
    const { project, member } = await getProjectAndMember(workspace, projectId, workspace.userId);
    if (!project) throw new DomainError('project_not_found');
    if (route.projectRole === 'access' && !hasProjectAccess(workspace.role, member)) throw new DomainError('project_not_found');
    if (route.projectRole === 'admin' && !isProjectAdmin(workspace.role, member)) throw new DomainError('project_admin_required');
  },
});
