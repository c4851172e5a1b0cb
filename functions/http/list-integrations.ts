import { integrationsRoutes } from '#shared/routes/integrations';
import { workspaceHandler } from '#lib/workspace-http';
import { getProjectForIntegrations, listIntegrationItems } from '#data/integrations';
import { listIntegrations } from '#core/integrations/manage';

export const handler = workspaceHandler(integrationsRoutes.listIntegrations, ({ workspace, params }) =>
  listIntegrations({ listIntegrationItems, getProjectForIntegrations }, workspace, params.projectId),
);
