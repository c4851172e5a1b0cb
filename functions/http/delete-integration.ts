import { integrationsRoutes } from '#shared/routes/integrations';
import { workspaceHandler } from '#lib/workspace-http';
import { deleteIntegrationTransaction, getIntegrationItem, getProjectForIntegrations } from '#data/integrations';
import { deleteIntegration } from '#core/integrations/manage';

export const handler = workspaceHandler(integrationsRoutes.deleteIntegration, async ({ workspace, params }) => {
  await deleteIntegration({ getIntegrationItem, getProjectForIntegrations, deleteIntegrationTransaction }, workspace, params.projectId, params.integrationUid);
  return {};
});
