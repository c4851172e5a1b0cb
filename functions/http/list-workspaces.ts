import { workspacesRoutes } from '#shared/routes/workspaces';
import { signDownload } from '#lib/uploads';
import { httpHandler } from '#lib/http';
import { listMembershipsOfUser } from '#data/memberships';
import { getWorkspacesOfMemberships } from '#data/workspaces';
import { listMyWorkspaces } from '#core/workspaces/list-my-workspaces';
import { systemClock as clock } from '#core/clock';

export const handler = httpHandler(workspacesRoutes.listWorkspaces, ({ caller }) =>
  listMyWorkspaces({ clock, listMembershipsOfUser, getWorkspacesOfMemberships, signDownload }, caller.userId),
);
