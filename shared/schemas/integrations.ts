import * as z from 'zod/mini';
import { email, id, isoDate, pattern, text, url } from './common';

/** Where a task created in Brandslate is sent on (spec 1). */
export const INTEGRATION_TYPES = ['email', 'jira', 'slack', 'webhook', 'monday', 'calendar'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];
export const integrationType = z.enum(INTEGRATION_TYPES);

/**
 * An integration's standing: usable; waiting for its OAuth consent to complete; or its provider refused the stored
 * credentials (revoked or expired), so it must be reconnected before anything is sent again.
 */
export const INTEGRATION_STATES = ['connected', 'pending_oauth', 'needs_reconnect'] as const;
export type IntegrationState = (typeof INTEGRATION_STATES)[number];

export const MAX_EMAIL_RECIPIENTS = 20;
export const MAX_WEBHOOK_HEADERS = 10;
/** Integrations per project: each is a toggle on the task form and one delivery per task created. */
export const MAX_INTEGRATIONS_PER_PROJECT = 20;

/** A Jira project key (e.g. MKT) and issue key (e.g. MKT-12), as Jira writes them. */
export const JIRA_PROJECT_KEY = /^[A-Z][A-Z0-9_]{1,9}$/;
export const JIRA_ISSUE_KEY = /^[A-Z][A-Z0-9_]{1,9}-\d{1,9}$/;

const headerName = pattern(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/, 'must be a valid header name');
const headerValue = text(1024).check(z.regex(/^[^\r\n]*$/, 'must be a single line'));

/** The path from an unknown key to the first value inside it (where a form would show the error). */
const firstValuePath = (value: unknown, path: PropertyKey[]): PropertyKey[] => {
  if (Array.isArray(value)) return value.length ? firstValuePath(value[0], [...path, 0]) : path;
  if (value && typeof value === 'object') {
    const first = Object.entries(value)[0];
    return first ? firstValuePath(first[1], [...path, first[0]]) : path;
  }
  return path;
};

/**
 * An object of settings or secrets of one type that refuses fields of another type (a 400 naming the field)
 * instead of dropping them silently: a Jira site sent with an email integration is a mistake worth saying.
 */
const only = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.looseObject(shape).check(
    z.superRefine((value, ctx) => {
      for (const [key, given] of Object.entries(value)) {
        if (!Object.hasOwn(shape, key)) ctx.addIssue({ code: 'custom', message: 'is not a field of this kind of integration', input: given, path: firstValuePath(given, [key]) });
      }
    }),
  );

/**
 * Settings per type: what the API answers (never a secret). Fields a connected integration needs are optional in
 * the schema and required by `missingIntegrationField`, so an incomplete form gets the spec's one message
 * ('The entered data is incomplete…') naming the first missing field, instead of a type error per field.
 */
export const integrationSettings = {
  email: only({
    recipients: z.optional(z.array(email).check(z.maxLength(MAX_EMAIL_RECIPIENTS, `must have at most ${MAX_EMAIL_RECIPIENTS} recipients`))),
  }),
  jira: only({
    /** The Jira Cloud site, e.g. https://acme.atlassian.net (with OAuth it is read from the consent). */
    site_url: z.optional(url(255)),
    auth: z.optional(z.enum(['token', 'oauth'])),
    project_key: z.optional(pattern(JIRA_PROJECT_KEY, 'must be a Jira project key (e.g. MKT)')),
    issue_type: z.optional(text(60, { trim: true })),
    /** Every task sent to Jira must name an epic (spec 5). */
    epic_required: z.optional(z.boolean()),
  }),
  slack: only({
    /** 'bot': the Slack app installed by OAuth posts to `channel`; 'webhook': an incoming-webhook URL (a secret). */
    mode: z.optional(z.enum(['bot', 'webhook'])),
    channel: z.optional(text(80, { trim: true })),
  }),
  webhook: only({
    url: z.optional(url()),
    /** Sent with every delivery; the webhook-* signature headers and Host cannot be overridden. */
    headers: z.optional(z.record(headerName, headerValue).check(z.refine((h) => Object.keys(h).length <= MAX_WEBHOOK_HEADERS, `must have at most ${MAX_WEBHOOK_HEADERS} headers`))),
  }),
  monday: only({
    board_id: z.optional(pattern(/^\d{1,20}$/, 'must be a monday board id (digits)')),
    group_id: z.optional(text(80, { trim: true })),
  }),
  calendar: only({
    /** Chosen from the connected account's calendars (GET …/integrations/{uid}/calendars). */
    calendar_id: z.optional(text(255, { trim: true })),
  }),
} as const satisfies Record<IntegrationType, z.ZodMiniObject>;
export type IntegrationSettings<T extends IntegrationType = IntegrationType> = z.output<(typeof integrationSettings)[T]>;

/**
 * Secrets a person types in (OAuth tokens and webhook signing secrets are made by the server). Sealed at rest,
 * never answered: the API shows `secret_hint` (the last characters) instead.
 */
export const integrationSecretsInput = {
  email: only({}),
  jira: only({ email: z.optional(email), api_token: z.optional(text(512, { trim: true })) }),
  slack: only({ webhook_url: z.optional(url()) }),
  webhook: only({}),
  monday: only({ api_token: z.optional(text(2048, { trim: true })) }),
  calendar: only({}),
} as const satisfies Record<IntegrationType, z.ZodMiniObject>;
export type IntegrationSecretsInput<T extends IntegrationType = IntegrationType> = z.output<(typeof integrationSecretsInput)[T]>;

/** Uses OAuth (the create answer carries `authorize_url`; the consent returns to /integration-success). */
export const usesOAuth = (type: IntegrationType, settings: IntegrationSettings): boolean =>
  type === 'calendar' ||
  (type === 'jira' && (settings as IntegrationSettings<'jira'>).auth === 'oauth') ||
  (type === 'slack' && (settings as IntegrationSettings<'slack'>).mode === 'bot');

/**
 * The first field a connected integration still needs (its settings or typed secrets), or null when complete.
 * `hasSecret` says whether a secret is already stored (an edit may leave it out). One rule for the server's 400
 * (`integration_incomplete`, naming the field) and the form's field error. OAuth tokens are not checked here.
 */
export const missingIntegrationField = (
  type: IntegrationType,
  settings: IntegrationSettings,
  secrets: Record<string, unknown>,
  hasSecret: (name: string) => boolean = () => false,
): string | null => {
  const set = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
  const secret = (name: string) => set(secrets[name]) || hasSecret(name);
  const s = settings as Record<string, unknown>;
  switch (type) {
    case 'email':
      return set(s.recipients) ? null : 'recipients';
    case 'jira':
      if (!set(s.auth)) return 'auth';
      if (s.auth === 'token') {
        if (!set(s.site_url)) return 'site_url';
        if (!secret('email')) return 'email';
        if (!secret('api_token')) return 'api_token';
      }
      if (!set(s.project_key)) return 'project_key';
      if (!set(s.issue_type)) return 'issue_type';
      return null;
    case 'slack':
      if (!set(s.mode)) return 'mode';
      if (s.mode === 'webhook') return secret('webhook_url') ? null : 'webhook_url';
      return null;
    case 'webhook':
      return set(s.url) ? null : 'url';
    case 'monday':
      if (!secret('api_token')) return 'api_token';
      if (!set(s.board_id)) return 'board_id';
      return set(s.group_id) ? null : 'group_id';
    case 'calendar':
      return null;
  }
};

/**
 * Where a field `missingIntegrationField` names lives in a create or update body (`secrets.api_token`,
 * `settings.project_key`): the `field` of the 400, as the schema's own 400s name nested fields.
 */
export const integrationFieldPath = (type: IntegrationType, name: string): string =>
  `${Object.hasOwn(integrationSecretsInput[type].shape, name) ? 'secrets' : 'settings'}.${name}`;

/**
 * Names of the secrets the server makes and stores itself, read by the providers: a webhook's signing secret
 * (`whsec_…`) and, while a rotation overlaps, the previous one; an OAuth consent's tokens.
 */
export const SERVER_SECRETS = {
  signingSecret: 'signing_secret',
  previousSigningSecret: 'previous_signing_secret',
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  /** ISO time the access token expires. */
  accessTokenExpiresAt: 'access_token_expires_at',
} as const;

const integrationName = text(80, { trim: true, required: true });

const createFor = <T extends IntegrationType>(type: T) =>
  z.object({
    type: z.literal(type),
    name: integrationName,
    settings: integrationSettings[type],
    secrets: z.optional(integrationSecretsInput[type]),
  });

/** POST …/integrations: one shape per type. */
export const createIntegrationBody = z.discriminatedUnion('type', [
  createFor('email'),
  createFor('jira'),
  createFor('slack'),
  createFor('webhook'),
  createFor('monday'),
  createFor('calendar'),
]);
export type CreateIntegrationBody = z.output<typeof createIntegrationBody>;

/**
 * PUT …/integrations/{uid}: the type cannot change. `settings` replaces the settings whole and is checked against
 * the integration's type on the server; `secrets` replace only the ones sent; `rotate_secret` (webhook) makes a
 * new signing secret, answered once, while the previous one stays valid for 24 hours.
 */
export const updateIntegrationBody = z.object({
  name: z.optional(integrationName),
  settings: z.optional(z.record(text(64), z.unknown())),
  secrets: z.optional(z.record(text(64), z.unknown())),
  rotate_secret: z.optional(z.boolean()),
});
export type UpdateIntegrationBody = z.output<typeof updateIntegrationBody>;

export const integrationParams = z.object({ workspaceId: id, projectId: id, integrationUid: id });

/** An integration as the API answers it: never a secret, only a hint of each stored one. */
export const integration = z.object({
  uid: id,
  type: integrationType,
  name: z.string(),
  settings: z.record(z.string(), z.unknown()),
  /** Per stored secret, its masked last characters (e.g. { api_token: '••••x9Qa' }). */
  secret_hint: z.record(z.string(), z.string()),
  state: z.enum(INTEGRATION_STATES),
  created_at: isoDate,
  updated_at: isoDate,
});
export type Integration = z.infer<typeof integration>;

/**
 * The create/update answer: the integration, plus a webhook's signing secret the one time it is made (Standard
 * Webhooks `whsec_…` form) and, for an OAuth type, where to send the person for consent.
 */
export const integrationWithSecret = z.object({
  ...integration.shape,
  secret: z.optional(z.string()),
  authorize_url: z.optional(z.string()),
});
export type IntegrationWithSecret = z.infer<typeof integrationWithSecret>;

export const integrationList = z.array(integration);

/** The outcome of POST …/integrations/{uid}/test: a test delivery sent now, with what the provider answered. */
export const integrationTestResult = z.object({
  ok: z.boolean(),
  http_status: z.nullable(z.number()),
  latency_ms: z.number(),
  error: z.nullable(z.string()),
  link: z.nullable(z.string()),
});
export type IntegrationTestResult = z.infer<typeof integrationTestResult>;

export const authorizeUrl = z.object({ authorize_url: z.string() });

/** POST /integrations/oauth/complete: what the provider handed back to /integration-success. */
export const completeOAuthBody = z.object({
  state: text(1024, { required: true }),
  code: z.optional(text(2048)),
  /** The provider's refusal (e.g. access_denied), when the person declined. */
  error: z.optional(text(255)),
});
export const completedOAuth = z.object({
  workspace_uid: id,
  project_uid: id,
  project_slug: z.string(),
  integration: integration,
});

export const calendarList = z.array(z.object({ id: z.string(), name: z.string(), primary: z.boolean() }));

/** A delivery of a task to one integration, and every attempt at it (the delivery log). */
export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'waiting', 'failed', 'exhausted'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliveryAttempt = z.object({
  attempt: z.number(),
  at: isoDate,
  outcome: z.enum(['sent', 'failed']),
  http_status: z.nullable(z.number()),
  latency_ms: z.number(),
  error: z.nullable(z.string()),
});

export const delivery = z.object({
  id: z.string(),
  integration_uid: z.string(),
  type: integrationType,
  /** The integration's name when it still exists. */
  name: z.nullable(z.string()),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  next_attempt_at: z.nullable(isoDate),
  /** The Jira issue, monday item, calendar event or Slack message created. */
  link: z.nullable(z.string()),
  last_error: z.nullable(z.string()),
  created_at: isoDate,
  attempts_log: z.array(deliveryAttempt),
});
export type Delivery = z.infer<typeof delivery>;
export const deliveryList = z.object({ deliveries: z.array(delivery) });
export const deliveryParams = z.object({ id, deliveryId: id });

/** Attempts per page of an integration's delivery log. */
export const INTEGRATION_LOG_PAGE_SIZE = 50;

/** GET …/integrations/{uid}/deliveries: the next page after the cursor a page answered. */
export const integrationDeliveriesQuery = z.object({ cursor: z.optional(text(500)) });

/** One attempt in an integration's delivery log: what the provider answered, and the task it carried. */
export const integrationAttempt = z.object({
  ...deliveryAttempt.shape,
  delivery_id: z.string(),
  /** The delivery's status right after this attempt (a later retry adds newer attempts above it). */
  delivery_status: z.enum(DELIVERY_STATUSES),
  task: z.object({ uid: z.string(), number: z.nullable(z.number()), summary: z.nullable(z.string()) }),
});
export type IntegrationAttempt = z.infer<typeof integrationAttempt>;

/** A page of an integration's delivery log, newest attempt first; `cursor` null on the last page. */
export const integrationDeliveryLog = z.object({ attempts: z.array(integrationAttempt), cursor: z.nullable(z.string()) });
export type IntegrationDeliveryLog = z.infer<typeof integrationDeliveryLog>;

/** On task create (single and bulk): the project integrations to send it to, and the Jira epic when one is asked for. */
export const taskIntegrationFields = {
  integrations: z.optional(z.array(id).check(z.maxLength(MAX_INTEGRATIONS_PER_PROJECT, `must have at most ${MAX_INTEGRATIONS_PER_PROJECT} integrations`))),
  jira_epic: z.optional(z.nullable(pattern(JIRA_ISSUE_KEY, 'must be a Jira issue key (e.g. MKT-12)'))),
};

/** Retry schedule of a failed delivery, in seconds after the previous attempt (8 attempts over about a day). */
export const DELIVERY_RETRY_DELAYS_SECONDS = [0, 5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
/** ± this share of each wait, so a provider's outage does not end in a thundering herd. */
export const DELIVERY_RETRY_JITTER = 0.2;
/** Delivery attempts are kept this long (the log). */
export const DELIVERY_LOG_DAYS = 30;
/** A rotated webhook secret stays valid (both signatures sent) this long. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

/**
 * The stored secrets a provider is handed at `now`: a webhook's previous signing secret only while its overlap
 * lasts (`previousValidUntil`, ISO), so deliveries carry both signatures exactly that long.
 */
export const secretsInForce = (secrets: Record<string, unknown>, previousValidUntil: string | undefined, now: Date): Record<string, unknown> => {
  if (!(SERVER_SECRETS.previousSigningSecret in secrets)) return secrets;
  if (previousValidUntil && Date.parse(previousValidUntil) > now.getTime()) return secrets;
  const { [SERVER_SECRETS.previousSigningSecret]: _expired, ...rest } = secrets;
  return rest;
};
