import { billingRoutes } from '#shared/routes/billing';
import { workspaceHandler } from '#lib/workspace-http';
import { config } from '#lib/config';
import { stripe } from '#lib/clients/stripe';
import { catalogue } from './wiring/billing';
import { getWorkspace } from '#data/workspaces';
import { createCheckoutSession } from '#core/billing/create-checkout-session';
import { systemClock as clock } from '#core/clock';

/** The workspace is the body's workspaceId (the wrapper checks the caller may manage its billing). */
export const handler = workspaceHandler(billingRoutes.createCheckoutSession, async ({ workspace, body }) =>
  createCheckoutSession({ stripe: await stripe(), catalogue, appUrl: config.appUrl, clock, getWorkspace }, workspace, body),
);
