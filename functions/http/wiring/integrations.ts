import { newId } from '#lib/ids';
import { openSecrets, sealSecrets } from '#lib/secrets/seal';
import { maskSecret } from '#lib/secrets/mask';
import { config } from '#lib/config';
import type { IntegrationType } from '#shared/schemas/integrations';
import {
  createIntegrationTransaction,
  deleteIntegrationTransaction,
  getIntegrationItem,
  getProjectForIntegrations,
  listIntegrationItems,
  putOAuthState,
  updateIntegrationItem,
} from '#data/integrations';
import type { IntegrationStore, SecretBox, VerifyIntegration } from '#core/integrations/manage';
import { consentStarter, type OAuthApp } from '#core/integrations/oauth';
import type { SendIntegration } from '#core/integrations/test';
import type { ListCalendarsResult } from '#core/integrations/calendars';
import type { ProviderConfig } from '#lib/providers/provider';
import { systemClock as clock } from '#core/clock';

/** The integration records on the table: what every integration handler hands its core function. */
export const integrationStore: IntegrationStore = {
  listIntegrationItems,
  getIntegrationItem,
  getProjectForIntegrations,
  createIntegrationTransaction,
  deleteIntegrationTransaction,
  updateIntegrationItem,
};

const unavailable = (what: string) => () => {
  throw new Error(`${what} is not available in this build`);
};

/** Sealing and opening of integration secrets, bound to the workspace and the integration. */
export const secretBox: SecretBox = { seal: sealSecrets, open: openSecrets, mask: maskSecret };

/** The providers' check of settings and credentials (functions/lib/providers/<type>.ts). */
export const verifyIntegration: VerifyIntegration = unavailable('Provider verification');

/** The OAuth app an integration type consents through. */
export const oauthApp = (_type: IntegrationType): OAuthApp => ({ authorizeUrl: unavailable('OAuth'), exchangeCode: unavailable('OAuth') });

/** Starts consents on the table, returning to the app's /integration-success. */
export const startConsent = consentStarter({
  clock,
  get appUrl() {
    return config.appUrl;
  },
  newState: () => newId(32),
  oauthApp,
  putOAuthState,
});

/** A provider's send (functions/lib/providers/<type>.ts), for "Send test". */
export const sendIntegration: SendIntegration = unavailable('Provider send');

/** The Google account's calendars (functions/lib/providers/calendar.ts). */
export const listCalendars: (config: ProviderConfig) => Promise<ListCalendarsResult> = unavailable('Google Calendar');
