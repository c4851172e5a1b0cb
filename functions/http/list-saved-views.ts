import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { listSavedViews } from '#data/saved-views';
import { listMySavedViews } from '#core/views/saved-views';

export const handler = workspaceHandler(routes.listSavedViews, ({ workspace }) => listMySavedViews({ listSavedViews }, workspace));
