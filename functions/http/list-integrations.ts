import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { getProjectForIntegrations, listIntegrationItems } from '#data/integrations';
import { listIntegrations } from '#core/integrations/manage';

export const handler = workspaceHandler(routes.listIntegrations, ({ workspace, params }) =>
  listIntegrations({ listIntegrationItems, getProjectForIntegrations }, workspace, params.projectId),
);
