import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { listIntegrationAttempts } from '#data/deliveries';
import { getIntegrationItem } from '#data/integrations';
import { listIntegrationDeliveries } from '#core/integrations/delivery-log';

export const handler = workspaceHandler(routes.listIntegrationDeliveries, ({ workspace, params, query }) =>
  listIntegrationDeliveries({ getIntegrationItem, listIntegrationAttempts }, workspace, params.projectId, params.integrationUid, query.cursor),
);
