import { integrationsRoutes } from '#shared/routes/integrations';
import { workspaceHandler } from '#lib/workspace-http';
import { getIntegrationItem, updateIntegrationItem } from '#data/integrations';
import { reconnectIntegration } from '#core/integrations/oauth';
import { systemClock as clock } from '#core/clock';
import { startConsent } from './wiring/integrations';

export const handler = workspaceHandler(integrationsRoutes.reconnectIntegration, ({ workspace, params }) =>
  reconnectIntegration({ getIntegrationItem, updateIntegrationItem, clock, startConsent }, workspace, params.projectId, params.integrationUid),
);
