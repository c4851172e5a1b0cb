import { workspacesRoutes } from '#shared/routes/workspaces';
import { ROLES } from '#shared/constants';
import { httpHandler } from '#lib/http';

/** Roles as the SPA expects them: an object whose values carry a name (spec 7). */
export const handler = httpHandler(workspacesRoutes.listRoles, async () =>
  Object.fromEntries(ROLES.map((role) => [role, { name: role }])),
);
