import { integrationsRoutes } from '#shared/routes/integrations';
import { workspaceHandler } from '#lib/workspace-http';
import { newId } from '#lib/ids';
import { createIntegration } from '#core/integrations/manage';
import { systemClock as clock } from '#core/clock';
import { integrationStore, sealedReplays, secretBox, startConsent, verifyIntegration } from './wiring/integrations';

export const handler = workspaceHandler(integrationsRoutes.createIntegration, ({ workspace, params, body }) =>
  createIntegration(
    { ...integrationStore, clock, newIntegrationUid: () => newId(), secrets: secretBox, verify: verifyIntegration, startConsent },
    workspace,
    params.projectId,
    body,
  ),
  { replayBox: sealedReplays },
);
