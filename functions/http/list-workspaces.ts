import { routes } from '#shared/routes';
import { httpHandler } from '#lib/http';
import { listMembershipsOfUser } from '#data/memberships';
import { getWorkspacesOfMemberships } from '#data/workspaces';
import { listMyWorkspaces } from '#core/workspaces/list-my-workspaces';

export const handler = httpHandler(routes.listWorkspaces, ({ caller }) =>
  listMyWorkspaces({ listMembershipsOfUser, getWorkspacesOfMemberships }, caller.userId),
);
