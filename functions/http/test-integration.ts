import { integrationsRoutes } from '#shared/routes/integrations';
import { workspaceHandler } from '#lib/workspace-http';
import { config } from '#lib/config';
import { newId } from '#lib/ids';
import { testIntegration } from '#core/integrations/test';
import { systemClock as clock } from '#core/clock';
import { integrationStore, secretBox, sendIntegration } from './wiring/integrations';

export const handler = workspaceHandler(integrationsRoutes.testIntegration, ({ workspace, params }) =>
  testIntegration(
    { ...integrationStore, clock, secrets: secretBox, appUrl: config.appUrl, newDeliveryId: () => `test_${newId()}`, send: sendIntegration },
    workspace,
    params.projectId,
    params.integrationUid,
  ),
);
