import { integrationsRoutes } from '#shared/routes/integrations';
import { httpHandler } from '#lib/http';
import { findMembership } from '#data/memberships';
import { getProjectAndMember } from '#data/projects';
import { takeOAuthState } from '#data/integrations';
import { completeIntegrationOAuth } from '#core/integrations/oauth';
import { systemClock as clock } from '#core/clock';
import { integrationStore, oauthApp, secretBox, verifyIntegration } from './wiring/integrations';

export const handler = httpHandler(integrationsRoutes.completeIntegrationOAuth, ({ caller, body }) =>
  completeIntegrationOAuth(
    { ...integrationStore, clock, takeOAuthState, findMembership, getProjectAndMember, oauthApp, secrets: secretBox, verify: verifyIntegration },
    caller,
    body,
  ),
);
