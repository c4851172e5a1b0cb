import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { getIntegrationItem, updateIntegrationItem } from '#data/integrations';
import { reconnectIntegration } from '#core/integrations/oauth';
import { systemClock as clock } from '#core/clock';
import { startConsent } from './wiring/integrations';

export const handler = workspaceHandler(routes.reconnectIntegration, ({ workspace, params }) =>
  reconnectIntegration({ getIntegrationItem, updateIntegrationItem, clock, startConsent }, workspace, params.projectId, params.integrationUid),
);
