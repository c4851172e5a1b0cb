import { integrationsRoutes } from '#shared/routes/integrations';
import { workspaceHandler } from '#lib/workspace-http';
import { updateIntegration } from '#core/integrations/manage';
import { systemClock as clock } from '#core/clock';
import { integrationStore, secretBox, startConsent, verifyIntegration } from './wiring/integrations';

export const handler = workspaceHandler(integrationsRoutes.updateIntegration, ({ workspace, params, body }) =>
  updateIntegration({ ...integrationStore, clock, secrets: secretBox, verify: verifyIntegration, startConsent }, workspace, params.projectId, params.integrationUid, body),
);
