import { describe, expect, it } from 'vitest';
import { createJiraProvider, deliveryLabel, exchangeJiraCode, jiraAuthorizeUrl } from '#lib/providers/jira';
import { LOCAL_JIRA } from '../../local/fakes/jira';
import { deliveryTask, newDeliveryId, OAUTH_CLIENTS, useFakeProviders } from './providers-support';

describe('Jira provider against the fake Jira', () => {
  const fakes = useFakeProviders();
  const provider = createJiraProvider({ timeoutMs: 400 });
  const tokenConfig = (settings: Record<string, unknown> = {}, secrets: Record<string, unknown> = {}) => ({
    settings: { auth: 'token', site_url: fakes().urls.jiraSite, project_key: 'MKT', issue_type: 'Task', ...settings },
    secrets: { email: 'ana@acme.test', api_token: LOCAL_JIRA.apiToken, ...secrets },
  });

  it('creates the issue in the project under the epic, labelled with the delivery, and links to it', async () => {
    const deliveryId = newDeliveryId();

    const result = await provider.send({ deliveryId, attempt: 1, task: deliveryTask({ epic: 'MKT-1' }), ...tokenConfig() });

    expect(result).toMatchObject({ ok: true, externalId: expect.stringMatching(/^MKT-\d+$/) });
    const issue = fakes().jira.issues().find((i) => i.key === (result.ok && result.externalId));
    expect(result.ok && result.link).toBe(`${fakes().urls.jiraSite}/browse/${issue?.key}`);
    expect(issue?.fields).toMatchObject({ summary: 'Instagram reel for the spring launch', labels: [deliveryLabel(deliveryId)], parent: { key: 'MKT-1' }, description: { type: 'doc' } });
  });

  it('a retry finds the issue by its label instead of creating a second one', async () => {
    const deliveryId = newDeliveryId();
    const input = { deliveryId, task: deliveryTask(), ...tokenConfig() };

    const first = await provider.send({ ...input, attempt: 1 });
    const second = await provider.send({ ...input, attempt: 2 });

    expect(second).toMatchObject({ ok: true, externalId: first.ok ? first.externalId : 'none' });
    expect(fakes().jira.issues().filter((i) => (i.fields.labels as string[]).includes(deliveryLabel(deliveryId)))).toHaveLength(1);
  });

  it('refuses a task without an epic when the integration requires one, without calling Jira', async () => {
    const result = await provider.send({ deliveryId: newDeliveryId(), attempt: 1, task: deliveryTask(), ...tokenConfig({ epic_required: true }) });

    expect(result).toMatchObject({ ok: false, retryable: false, code: 'jira_epic_missing' });
    expect(fakes().recorder.list('jira')).toHaveLength(0);
  });

  it("a bad issue type is Jira's 400 with its field message, not retried", async () => {
    const result = await provider.send({ deliveryId: newDeliveryId(), attempt: 1, task: deliveryTask(), ...tokenConfig({ issue_type: 'Saga' }) });

    expect(result).toMatchObject({ ok: false, retryable: false, status: 400, code: 'jira_error' });
    expect(result.ok === false && result.error).toMatch(/issuetype: Specify a valid issue type/);
  });

  it('a wrong API token is a 401 that asks for a reconnect', async () => {
    const result = await provider.send({ deliveryId: newDeliveryId(), attempt: 1, task: deliveryTask(), ...tokenConfig({}, { api_token: 'wrong' }) });

    expect(result).toMatchObject({ ok: false, retryable: false, status: 401, unauthorized: true });
  });

  it.each([
    [429, true],
    [500, true],
    [404, false],
    [403, false],
  ])('classifies an answer of %i (retryable %s)', async (status, retryable) => {
    fakes().failures.set('jira', { rate: 1, status });

    const result = await provider.send({ deliveryId: newDeliveryId(), attempt: 1, task: deliveryTask(), ...tokenConfig() });

    expect(result).toMatchObject({ ok: false, status, retryable });
    if (status === 429) expect(result.ok ? 0 : result.retryAfterSeconds).toBe(30);
  });

  it('a Jira that does not answer in time is a retryable failure', async () => {
    fakes().failures.set('jira', { timeoutRate: 1 });

    expect(await provider.send({ deliveryId: newDeliveryId(), attempt: 1, task: deliveryTask(), ...tokenConfig() })).toMatchObject({ ok: false, retryable: true });
  });

  it('verify checks the account and the project; 403 says Jira admin rights may be needed', async () => {
    expect(await provider.verify(tokenConfig())).toMatchObject({ ok: true });
    expect(await provider.verify(tokenConfig({ project_key: 'NOPE' }))).toMatchObject({ ok: false, status: 404, field: 'project_key' });
    expect(await provider.verify(tokenConfig({ issue_type: 'Saga' }))).toMatchObject({ ok: false, field: 'issue_type', error: expect.stringContaining('Task, Story, Bug, Epic') });

    fakes().failures.set('jira', { rate: 1, status: 403 });
    const refused = await provider.verify(tokenConfig());

    expect(refused).toMatchObject({ ok: false, status: 403, code: 'jira_admin_required' });
    expect(refused.ok === false && refused.error).toMatch(/Connecting Jira may need Jira admin rights/);
  });

  describe('with OAuth 2.0 (3LO)', () => {
    /** Walks the consent as a browser would: the authorize page, "Allow", the code back on the redirect URI. */
    const consent = async (redirectUri: string) => {
      const authorize = new URL(jiraAuthorizeUrl({ state: 'st1', redirectUri }));
      expect(authorize.searchParams.get('client_id')).toBe(OAUTH_CLIENTS.atlassian.clientId);
      const page = await fetch(authorize);
      expect(await page.text()).toContain('Allow');
      const allowed = await fetch(`${fakes().url}/atlassian/consent`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: OAUTH_CLIENTS.atlassian.clientId, redirect_uri: redirectUri, state: 'st1', scope: authorize.searchParams.get('scope')!, decision: 'allow' }),
      });
      const back = new URL(allowed.headers.get('location')!);
      expect(back.searchParams.get('state')).toBe('st1');
      return back.searchParams.get('code')!;
    };

    it('connects through the consent, sends through api.atlassian.com, and hands back rotated tokens after a refresh', async () => {
      const redirectUri = 'http://127.0.0.1:3000/integration-success';
      const connected = await exchangeJiraCode({ code: await consent(redirectUri), redirectUri });
      expect(connected).toMatchObject({ ok: true, settings: { auth: 'oauth', site_url: fakes().urls.jiraSite }, secrets: { cloud_id: LOCAL_JIRA.cloudId } });
      if (!connected.ok) return;
      const config = { settings: { ...connected.settings, project_key: 'MKT', issue_type: 'Task' }, secrets: connected.secrets };

      const sent = await provider.send({ deliveryId: newDeliveryId(), attempt: 1, task: deliveryTask(), ...config });
      expect(sent).toMatchObject({ ok: true, link: expect.stringContaining(`${fakes().urls.jiraSite}/browse/MKT-`) });
      expect(sent.refreshedSecrets).toBeUndefined();

      fakes().oauth.atlassian.expireAccessTokens();
      const afterExpiry = await provider.send({ deliveryId: newDeliveryId(), attempt: 1, task: deliveryTask(), ...config });

      expect(afterExpiry).toMatchObject({ ok: true, refreshedSecrets: { cloud_id: LOCAL_JIRA.cloudId, access_token: expect.any(String), refresh_token: expect.any(String) } });
      expect(afterExpiry.refreshedSecrets?.refresh_token).not.toBe(connected.secrets.refresh_token);
      // Atlassian rotates refresh tokens: the old one is dead, so the caller must store the new pair.
      const stale = await provider.send({ deliveryId: newDeliveryId(), attempt: 1, task: deliveryTask(), ...config, secrets: { ...connected.secrets, access_token_expires_at: new Date(0).toISOString() } });
      expect(stale).toMatchObject({ ok: false, retryable: false, unauthorized: true, code: 'jira_token_error' });
    });
  });
});
