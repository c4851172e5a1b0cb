import { integrationsRoutes } from '#shared/routes/integrations';
import { workspaceHandler } from '#lib/workspace-http';
import { listIntegrationAttempts } from '#data/deliveries';
import { getIntegrationItem } from '#data/integrations';
import { listIntegrationDeliveries } from '#core/integrations/delivery-log';

export const handler = workspaceHandler(integrationsRoutes.listIntegrationDeliveries, ({ workspace, params, query }) =>
  listIntegrationDeliveries({ getIntegrationItem, listIntegrationAttempts }, workspace, params.projectId, params.integrationUid, query.cursor),
);
