import { newId } from '#lib/ids';
import type { ReplayBox } from '#lib/middleware/idempotency';
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
import { consentStarter, OAUTH_PROVIDER_OF, type OAuthApp, type OAuthProvider } from '#core/integrations/oauth';
import type { SendIntegration } from '#core/integrations/test';
import type { ListCalendarsResult } from '#core/integrations/calendars';
import type { Provider, ProviderConfig } from '#lib/providers/provider';
import { calendarAuthorizeUrl, calendarProvider, exchangeCalendarCode } from '#lib/providers/calendar';
import { emailProvider } from '#lib/providers/email';
import { exchangeJiraCode, jiraAuthorizeUrl, jiraProvider } from '#lib/providers/jira';
import { mondayProvider } from '#lib/providers/monday';
import { exchangeSlackCode, slackAuthorizeUrl, slackProvider } from '#lib/providers/slack';
import { webhookProvider } from '#lib/providers/webhook';
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

/** Sealing and opening of integration secrets, bound to the workspace and the integration. */
export const secretBox: SecretBox = { seal: sealSecrets, open: openSecrets, mask: maskSecret };

/** A create's answer kept for an Idempotency-Key replay holds the webhook's signing secret: it is stored sealed. */
export const sealedReplays: ReplayBox = {
  seal: (answer, { workspaceId, key }) => sealSecrets({ answer }, { workspaceId, integrationUid: `replay:${key}` }),
  open: async (stored, { workspaceId, key }) => String((await openSecrets(stored, { workspaceId, integrationUid: `replay:${key}` })).answer),
};

/** One client per kind of integration (functions/lib/providers/<type>.ts). */
const providers: Record<IntegrationType, Provider> = {
  email: emailProvider,
  jira: jiraProvider,
  slack: slackProvider,
  webhook: webhookProvider,
  monday: mondayProvider,
  calendar: calendarProvider,
};

/** The providers' check of settings and credentials on connect and edit. */
export const verifyIntegration: VerifyIntegration = (type, config) => providers[type].verify(config);

/** A provider's send, for "Send test". */
export const sendIntegration: SendIntegration = (type, input) => providers[type].send(input);

/** The Google account's calendars. */
export const listCalendars = (config: ProviderConfig): Promise<ListCalendarsResult> => calendarProvider.listCalendars(config);

const oauthApps: Record<OAuthProvider, OAuthApp> = {
  google: { authorizeUrl: calendarAuthorizeUrl, exchangeCode: exchangeCalendarCode },
  atlassian: { authorizeUrl: jiraAuthorizeUrl, exchangeCode: (input) => exchangeJiraCode(input) },
  slack: { authorizeUrl: slackAuthorizeUrl, exchangeCode: (input) => exchangeSlackCode(input) },
};

/** The OAuth app an integration type consents through (Google for calendars, Atlassian for Jira, Slack). */
export const oauthApp = (type: IntegrationType): OAuthApp => {
  const provider = OAUTH_PROVIDER_OF[type];
  if (!provider) throw new Error(`${type} integrations do not connect through OAuth`);
  return oauthApps[provider];
};

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

