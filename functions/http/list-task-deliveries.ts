import { integrationsRoutes } from '#shared/routes/integrations';
import { workspaceHandler } from '#lib/workspace-http';
import { locateTask } from '#data/tasks';
import { listTaskDeliveryItems } from '#data/deliveries';
import { listIntegrationItems } from '#data/integrations';
import { listTaskDeliveries } from '#core/integrations/delivery-log';
import { openTaskFor } from './wiring/tasks';

export const handler = workspaceHandler(
  integrationsRoutes.listTaskDeliveries,
  ({ workspace, params }) => listTaskDeliveries({ openTask: openTaskFor, listTaskDeliveryItems, listIntegrationItems }, workspace, params.id),
  { locate: locateTask },
);
