import { integrationsRoutes } from '#shared/routes/integrations';
import { workspaceHandler } from '#lib/workspace-http';
import { listIntegrationCalendars } from '#core/integrations/calendars';
import { systemClock as clock } from '#core/clock';
import { integrationStore, listCalendars, secretBox } from './wiring/integrations';

export const handler = workspaceHandler(integrationsRoutes.listIntegrationCalendars, ({ workspace, params }) =>
  listIntegrationCalendars({ ...integrationStore, clock, secrets: secretBox, listCalendars }, workspace, params.projectId, params.integrationUid),
);
