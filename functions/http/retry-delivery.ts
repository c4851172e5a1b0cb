import { integrationsRoutes } from '#shared/routes/integrations';
import { workspaceHandler } from '#lib/workspace-http';
import { locateTask } from '#data/tasks';
import { listTaskDeliveryItems, resetDelivery } from '#data/deliveries';
import { listIntegrationItems } from '#data/integrations';
import { systemClock as clock } from '#core/clock';
import { retryDelivery } from '#core/integrations/delivery-log';
import { openTaskFor } from './wiring/tasks';

export const handler = workspaceHandler(
  integrationsRoutes.retryDelivery,
  ({ workspace, params }) =>
    retryDelivery({ clock, openTask: openTaskFor, listTaskDeliveryItems, listIntegrationItems, resetDelivery }, workspace, params.id, params.deliveryId),
  { locate: locateTask },
);
