import { describe, expect, it } from 'vitest';
import { createIntegrationBody, secretsInForce, SERVER_SECRETS } from '#shared/schemas/integrations';
import { DomainError, ValidationError } from '#lib/errors';
import { hintsOf, newWebhookSecret, parseTypedInput, verifyWithProvider } from '#core/integrations/manage';
import { hashState } from '#core/integrations/oauth';

const mask = (s: string) => `••••${s.slice(-4)}`;
const refusal = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a refusal');
};

describe('integration settings', () => {
  it('refuse a field of another kind, naming it (not dropped silently)', () => {
    const parsed = createIntegrationBody.safeParse({ type: 'email', name: 'Mail', settings: { recipients: ['a@example.com'], site_url: 'https://x.atlassian.net' } });
    expect(parsed.error?.issues[0]?.path).toEqual(['settings', 'site_url']);
    const nested = createIntegrationBody.safeParse({ type: 'email', name: 'Mail', settings: { headers: { 'X-A': 'b' } } });
    expect(nested.error?.issues[0]?.path).toEqual(['settings', 'headers', 'X-A']);
  });

  it("an edit's settings and secrets are read against the stored type, with settings./secrets. field names", () => {
    expect(() => parseTypedInput('webhook', { url: 'not a url' }, {})).toThrow(expect.objectContaining({ field: 'settings.url' }));
    expect(() => parseTypedInput('monday', { board_id: '1' }, { api_token: 'x'.repeat(3000) })).toThrow(expect.objectContaining({ field: 'secrets.api_token' }));
    expect(() => parseTypedInput('email', { recipients: ['a@example.com'] }, { api_token: 't' })).toThrow(ValidationError);
    expect(parseTypedInput('jira', { auth: 'token' }, { email: 'A@Example.com', api_token: '' })).toEqual({ settings: { auth: 'token' }, secrets: { email: 'a@example.com' } });
  });
});

describe('a provider saying no on connect', () => {
  const verifyAs = (result: object) => () => Promise.resolve({ ok: false, latencyMs: 3, ...result } as never);
  const config = { settings: { auth: 'token' }, secrets: {} };

  it('a Jira 403 is jira_admin_required', async () => {
    const error = await refusal(() => verifyWithProvider(verifyAs({ status: 403, error: 'Forbidden', code: 'jira_admin_required' }), 'jira', config));
    expect(error).toMatchObject({ code: 'jira_admin_required', status: 400 });
  });

  it('a refusal of what was typed is a 400 on that field; an outage is the 502 that keeps the form', async () => {
    expect(await refusal(() => verifyWithProvider(verifyAs({ status: 401, error: 'Unauthorized', code: 'integration_provider_error' }), 'monday', config))).toMatchObject({
      code: 'integration_provider_refused',
      status: 400,
      field: 'secrets.api_token',
    });
    expect(await refusal(() => verifyWithProvider(verifyAs({ error: 'private address', code: 'integration_provider_error', field: 'url' }), 'webhook', config))).toMatchObject({
      code: 'integration_provider_refused',
      field: 'settings.url',
    });
    for (const status of [undefined, 500, 503, 429]) {
      const error = await refusal(() => verifyWithProvider(verifyAs({ status, error: 'down', code: 'integration_provider_error' }), 'jira', config));
      expect(error).toMatchObject({ code: 'integration_provider_error', status: 502 });
      expect(error.field).toBeUndefined();
    }
  });
});

describe('webhook secrets', () => {
  it('are Standard Webhooks secrets of 24 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('the previous one is handed to the provider only while the overlap lasts, and never hinted', () => {
    const stored = { [SERVER_SECRETS.signingSecret]: 'whsec_new', [SERVER_SECRETS.previousSigningSecret]: 'whsec_old' };
    const now = new Date('2026-11-23T12:00:00Z');
    expect(secretsInForce(stored, '2026-11-24T11:00:00Z', now)).toEqual(stored);
    expect(secretsInForce(stored, '2026-11-23T11:59:59Z', now)).toEqual({ [SERVER_SECRETS.signingSecret]: 'whsec_new' });
    expect(hintsOf(stored, mask)).toEqual({ [SERVER_SECRETS.signingSecret]: '••••_new' });
  });
});

describe('OAuth state', () => {
  it('is stored as a hash only', () => {
    expect(hashState('abc')).not.toContain('abc');
    expect(hashState('abc')).toBe(hashState('abc'));
    expect(hashState('abd')).not.toBe(hashState('abc'));
  });
});
