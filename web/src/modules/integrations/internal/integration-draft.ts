import {
  integrationSecretsInput,
  integrationSettings,
  missingIntegrationField,
  usesOAuth,
  type CreateIntegrationBody,
  type Integration,
  type IntegrationSettings,
  type IntegrationType,
  type UpdateIntegrationBody,
} from '#shared/schemas/integrations';
import { email as emailSchema, text } from '#shared/schemas/common';
import { fieldError, type FieldError, type FieldMessages } from '../../../ui/field-rule';

/** A custom header row of a webhook, as typed. */
export type HeaderRow = { name: string; value: string };

/**
 * The integration form as typed. `values` holds every one-line field under the API's own name (a setting or a
 * typed secret: names do not repeat within a type), so a 400 naming a field lands on it without a mapping.
 */
export type IntegrationDraft = {
  type: IntegrationType;
  name: string;
  values: Record<string, string>;
  recipients: string[];
  headers: HeaderRow[];
  epicRequired: boolean;
};

/** Typed secrets per type (never answered by the API; an edit leaves them empty to keep the stored ones). */
export const SECRET_FIELDS: Record<IntegrationType, readonly string[]> = {
  email: [],
  jira: ['email', 'api_token'],
  slack: ['webhook_url'],
  webhook: [],
  monday: ['api_token'],
  calendar: [],
};

/** One-line settings per type, in the form's order. */
const TEXT_SETTINGS: Record<IntegrationType, readonly string[]> = {
  email: [],
  jira: ['auth', 'site_url', 'project_key', 'issue_type'],
  slack: ['mode', 'channel'],
  webhook: ['url'],
  monday: ['board_id', 'group_id'],
  calendar: ['calendar_id'],
};

/** Choices a new integration starts with (Jira by token, Slack through its app). */
const STARTING_VALUES: Partial<Record<IntegrationType, Record<string, string>>> = {
  jira: { auth: 'token' },
  slack: { mode: 'bot' },
};

/** The form of a new integration of `type`, or of an existing one (its settings; secrets left empty). */
export const draftFor = (type: IntegrationType, integration?: Pick<Integration, 'name' | 'settings'>): IntegrationDraft => {
  const settings = integration?.settings ?? {};
  const values: Record<string, string> = { ...(integration ? {} : STARTING_VALUES[type]) };
  for (const field of TEXT_SETTINGS[type]) {
    const value = settings[field];
    if (typeof value === 'string') values[field] = value;
  }
  const recipients = Array.isArray(settings.recipients) ? settings.recipients.filter((item): item is string => typeof item === 'string') : [];
  const headers =
    settings.headers && typeof settings.headers === 'object'
      ? Object.entries(settings.headers as Record<string, unknown>).map(([name, value]) => ({ name, value: String(value) }))
      : [];
  return { type, name: integration?.name ?? '', values, recipients, headers, epicRequired: settings.epic_required === true };
};

const filled = (value: string | undefined) => (value ?? '').trim();

/** The settings the draft sends: what is filled in, trimmed, in the type's shape. */
export const settingsOf = (draft: IntegrationDraft): IntegrationSettings => {
  const settings: Record<string, unknown> = {};
  for (const field of TEXT_SETTINGS[draft.type]) {
    const value = filled(draft.values[field]);
    if (value !== '') settings[field] = value;
  }
  if (draft.type === 'email') settings.recipients = draft.recipients;
  if (draft.type === 'jira') {
    settings.epic_required = draft.epicRequired;
    // With OAuth the site comes from the consent.
    if (settings.auth === 'oauth') delete settings.site_url;
  }
  if (draft.type === 'webhook') {
    const rows = draft.headers.filter((row) => row.name.trim() !== '' || row.value !== '');
    if (rows.length > 0) settings.headers = Object.fromEntries(rows.map((row) => [row.name.trim(), row.value]));
  }
  return settings as IntegrationSettings;
};

/** The secrets the draft sends: only those typed in, and only those its choices use. */
export const secretsOf = (draft: IntegrationDraft): Record<string, string> => {
  const used = SECRET_FIELDS[draft.type].filter(
    (field) => !(draft.type === 'jira' && draft.values.auth === 'oauth') && !(draft.type === 'slack' && draft.values.mode !== 'webhook' && field === 'webhook_url'),
  );
  return Object.fromEntries(used.map((field) => [field, filled(draft.values[field])]).filter(([, value]) => value !== ''));
};

/** Does saving this draft lead to a provider's consent page (the answer carries `authorize_url`)? */
export const needsConsent = (draft: IntegrationDraft) => usesOAuth(draft.type, settingsOf(draft));

/** The fields the form shows for the draft's type and choices: where a 400 naming one of them is shown. */
export const draftFields = (draft: IntegrationDraft): string[] => {
  const lists: Record<IntegrationType, string[]> = {
    email: ['recipients'],
    jira: draft.values.auth === 'oauth' ? ['auth', 'project_key', 'issue_type'] : ['auth', 'site_url', 'email', 'api_token', 'project_key', 'issue_type'],
    slack: draft.values.mode === 'webhook' ? ['mode', 'webhook_url', 'channel'] : ['mode', 'channel'],
    webhook: ['url', 'headers'],
    monday: ['api_token', 'board_id', 'group_id'],
    calendar: ['calendar_id'],
  };
  return ['name', ...lists[draft.type]];
};

/** The form field a 400 names: `settings.headers.X-Id` → headers, `secrets.api_token` → api_token, `recipients.2` → recipients. */
export const draftFieldOf = (apiField: string | undefined): string | undefined => {
  if (!apiField) return undefined;
  const path = apiField.replace(/^(settings|secrets)\./, '');
  return path.split('.')[0] || undefined;
};

export type DraftErrors = Record<string, FieldError>;

const INCOMPLETE: FieldError = { key: 'errors.integration_incomplete', values: {} };
const nameSchema = text(80, { trim: true, required: true });
const MESSAGES: Record<string, FieldMessages> = {
  name: { required: 'integrations.form.nameRequired' },
  url: { invalid: 'integrations.form.urlInvalid' },
  site_url: { invalid: 'integrations.form.urlInvalid' },
  webhook_url: { invalid: 'integrations.form.urlInvalid' },
  email: { invalid: 'common.emailInvalid' },
  project_key: { invalid: 'integrations.form.jira.projectKeyInvalid' },
  board_id: { invalid: 'integrations.form.monday.boardIdInvalid' },
  headers: { invalid: 'integrations.form.webhook.headersInvalid', tooMany: 'integrations.form.webhook.headersTooMany' },
  recipients: { tooMany: 'integrations.form.email.recipientsTooMany' },
};

type ObjectSchema = { shape: Record<string, Parameters<typeof fieldError>[0]> };

/**
 * What the person can fix before sending: the name, the server's completeness rule (`missingIntegrationField`,
 * the spec's 'The entered data is incomplete…' on the first missing field) and each value checked with the
 * type's own settings and secrets schemas. `hasSecret` says which secrets are already stored (an edit).
 */
export const validateDraft = (draft: IntegrationDraft, hasSecret: (name: string) => boolean = () => false): DraftErrors => {
  const errors: DraftErrors = {};
  const nameError = fieldError(nameSchema, draft.name, MESSAGES.name);
  if (nameError) errors.name = nameError;
  const settings = settingsOf(draft);
  const secrets = secretsOf(draft);
  const missing = missingIntegrationField(draft.type, settings, secrets, hasSecret);
  if (missing) errors[missing] = INCOMPLETE;
  const checks: [ObjectSchema, Record<string, unknown>][] = [
    [integrationSettings[draft.type] as unknown as ObjectSchema, settings],
    [integrationSecretsInput[draft.type] as unknown as ObjectSchema, secrets],
  ];
  for (const [schema, values] of checks) {
    for (const [field, value] of Object.entries(values)) {
      const rule = schema.shape[field];
      const error = rule && !errors[field] ? fieldError(rule, value, MESSAGES[field]) : undefined;
      if (error) errors[field] = error;
    }
  }
  return errors;
};

/** An address for the recipients list, as the API will store it; undefined when it is not one. */
export const recipientOf = (typed: string): string | undefined => {
  const parsed = emailSchema.safeParse(typed);
  return parsed.success ? parsed.data : undefined;
};

/** POST …/integrations: the type's settings, and its typed secrets when there are any. */
export const createBodyOf = (draft: IntegrationDraft): CreateIntegrationBody => {
  const secrets = secretsOf(draft);
  return {
    type: draft.type,
    name: draft.name.trim(),
    settings: settingsOf(draft),
    ...(Object.keys(secrets).length > 0 ? { secrets } : {}),
  } as CreateIntegrationBody;
};

/** PUT …/integrations/{uid}: the name and the settings whole; secrets only those typed in again (the rest are kept). */
export const updateBodyOf = (draft: IntegrationDraft, rotateSecret = false): UpdateIntegrationBody => {
  const secrets = secretsOf(draft);
  return {
    name: draft.name.trim(),
    settings: settingsOf(draft) as Record<string, unknown>,
    ...(Object.keys(secrets).length > 0 ? { secrets } : {}),
    ...(rotateSecret ? { rotate_secret: true } : {}),
  };
};
