import type { ErrorCode } from '#shared/errors';
import { providerConfig } from '../config';
import { errorFailure, httpFailure, since } from './classify';
import { callFailure, callProvider, is2xx, jsonApi, type ProviderHttpOptions } from './http';
import { accessToken, authorizeUrl, postToken, refreshSecrets, secretsFromTokenAnswer, withAccessToken } from './oauth';
import type { DeliveryTask, Provider, ProviderConfig, RefreshedSecrets, SendResult, VerifyResult } from './provider';

/**
 * Jira Cloud through the four REST v3 calls it needs, on the guarded fetcher (the site URL is the user's); a client
 * library would bring its schemas for the whole API (≈400 KB) into every integration route's cold start. Two ways
 * in: an API token (Basic, the user's site) or OAuth 2.0 3LO (Bearer, api.atlassian.com/ex/jira/<cloudId>, the
 * access token refreshed when it expires; Atlassian rotates the refresh token on every use, so the renewed pair is
 * handed back to be stored). A delivery's issue carries the label `brandslate-<deliveryId>` and a retry searches
 * for it first, so a create whose answer was lost does not make a second issue.
 */
export const JIRA_OAUTH_SCOPES = ['read:jira-work', 'write:jira-work', 'read:jira-user', 'offline_access'];
/** Where the consent's Jira site is kept among the secrets (with the tokens it belongs to). */
export const JIRA_CLOUD_ID_SECRET = 'cloud_id';

export const deliveryLabel = (deliveryId: string) => `brandslate-${deliveryId.replace(/[^A-Za-z0-9_-]/g, '')}`;

type Issue = { id: string; key: string };
type Project = { issueTypes?: { name?: string }[] };

/** The calls Brandslate makes, at `base` (the user's site, or the OAuth gateway's path to their cloud). */
type JiraClient = ReturnType<typeof jiraClient>;
const jiraClient = (base: string, authorization: string, options: ProviderHttpOptions) => {
  const call = jsonApi(base, { authorization }, options);
  return {
    searchIssues: (jql: string) => call<{ issues?: Partial<Issue>[] }>('GET', '/rest/api/3/search/jql', { query: { jql, fields: 'summary', maxResults: 1 } }),
    createIssue: (fields: Record<string, unknown>) => call<Issue>('POST', '/rest/api/3/issue', { json: { fields } }),
    currentUser: () => call<unknown>('GET', '/rest/api/3/myself'),
    project: (key: string) => call<Project>('GET', `/rest/api/3/project/${encodeURIComponent(key)}`),
  };
};

/** The task as Atlassian Document Format: its description, then its facts and the link back. */
export const jiraDescription = (task: DeliveryTask) => {
  const paragraph = (text: string) => ({ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] });
  const facts = [`Type: ${task.type}`, `Priority: ${task.priority}`, task.dueDate ? `Due: ${task.dueDate}` : '', task.assigneeEmail ? `Assignee: ${task.assigneeEmail}` : '', `Brand: ${task.projectName}`].filter(Boolean);
  return {
    type: 'doc',
    version: 1,
    content: [
      ...(task.description ? task.description.split(/\r?\n\r?\n/).map((block) => paragraph(block.trim())) : []),
      paragraph(facts.join(' · ')),
      { type: 'paragraph', content: [{ type: 'text', text: `Brandslate task #${task.number}`, marks: [{ type: 'link', attrs: { href: task.url } }] }] },
    ],
  };
};

type Failure = Extract<SendResult, { ok: false }>;

export const createJiraProvider = (options: ProviderHttpOptions = {}): Provider => {
  const siteOf = (settings: Record<string, unknown>) => String(settings.site_url ?? '').replace(/\/+$/, '');

  /**
   * Runs `work` against the integration's Jira: its site with the API token, or Atlassian's gateway to its cloud
   * with an OAuth token kept alive (the renewed secrets come back with the outcome). What `work` throws is a
   * failure with `code`; a refused token refresh is jira_token_error.
   */
  const withJira = async <T>({ settings, secrets }: ProviderConfig, code: ErrorCode, work: (jira: JiraClient) => Promise<T>): Promise<({ ok: true; value: T } | Failure) & RefreshedSecrets> => {
    const started = performance.now();
    const fail = (error: unknown) => callFailure(error, since(started), code);
    if (settings.auth !== 'oauth') {
      const basic = Buffer.from(`${String(secrets.email ?? '')}:${String(secrets.api_token ?? '')}`).toString('base64');
      try {
        return { ok: true, value: await work(jiraClient(siteOf(settings), `Basic ${basic}`, options)) };
      } catch (error) {
        return fail(error);
      }
    }
    const renew = async (current: Record<string, unknown>) => {
      const renewal = await refreshSecrets(`${providerConfig.url('atlassianAuth')}/oauth/token`, 'atlassian', current, { ...options, json: true });
      return renewal.ok ? renewal : { ...renewal, code: 'jira_token_error' as const };
    };
    const cloud = (current: Record<string, unknown>) => `${providerConfig.url('atlassianApi')}/ex/jira/${encodeURIComponent(String(current[JIRA_CLOUD_ID_SECRET] ?? ''))}`;
    return withAccessToken(secrets, { renew, fail }, (current) => work(jiraClient(cloud(current), `Bearer ${accessToken(current)}`, options)));
  };

  const renewed = (result: RefreshedSecrets) => (result.refreshedSecrets ? { refreshedSecrets: result.refreshedSecrets } : {});

  return {
    type: 'jira',
    send: async (input): Promise<SendResult> => {
      const { settings, task } = input;
      if (settings.epic_required && !task.epic) return { ok: false, retryable: false, error: 'A Jira Epic is missing. Please add an epic to your issue.', code: 'jira_epic_missing', latencyMs: 0 };
      const label = deliveryLabel(input.deliveryId);
      const started = performance.now();
      const result = await withJira(input, 'jira_error', async (jira) => {
        // The label is the delivery's handle: an earlier attempt may have created the issue and lost the answer.
        const existing = (await jira.searchIssues(`labels = "${label}"`)).issues?.[0];
        if (existing?.key) return existing.key;
        const created = await jira.createIssue({
          project: { key: String(settings.project_key ?? '') },
          issuetype: { name: String(settings.issue_type ?? '') },
          summary: `${input.test ? '[Test] ' : ''}${task.summary}`.slice(0, 255),
          description: jiraDescription(task),
          labels: [label],
          ...(task.epic ? { parent: { key: task.epic } } : {}),
        });
        return created.key;
      });
      if (!result.ok) return result;
      return { ok: true, status: 201, externalId: result.value, link: `${siteOf(settings)}/browse/${result.value}`, latencyMs: since(started), ...renewed(result) };
    },
    verify: async (config): Promise<VerifyResult> => {
      const started = performance.now();
      const issueType = String(config.settings.issue_type ?? '');
      const result = await withJira(config, 'jira_error', async (jira) => {
        await jira.currentUser();
        const project = await jira.project(String(config.settings.project_key ?? ''));
        return project.issueTypes?.map((t) => t.name ?? '');
      });
      if (result.ok) {
        if (!result.value || result.value.includes(issueType)) return { ok: true, latencyMs: since(started), ...renewed(result) };
        const error = `The project has no issue type ${issueType} (it has ${result.value.join(', ')})`;
        return { ok: false, status: 200, error, code: 'integration_provider_error', field: 'issue_type', latencyMs: since(started), ...renewed(result) };
      }
      const failed = { ok: false as const, status: result.status, error: result.error, latencyMs: result.latencyMs, ...renewed(result) };
      if (result.code === 'jira_token_error') return { ...failed, code: 'jira_token_error', unauthorized: result.unauthorized };
      if (result.status === 403) return { ...failed, error: `Connecting Jira may need Jira admin rights. Jira said: ${result.error}`, code: 'jira_admin_required' };
      if (result.status === 401) return { ...failed, code: 'jira_token_error', field: config.settings.auth === 'oauth' ? undefined : 'api_token', unauthorized: true };
      if (result.status === 404) return { ...failed, code: 'integration_provider_error', field: 'project_key' };
      return { ...failed, code: 'jira_error', field: result.status === undefined && config.settings.auth !== 'oauth' ? 'site_url' : undefined };
    },
  };
};

export const jiraProvider = createJiraProvider();

/** Where to send a person to connect Jira with OAuth 2.0 (3LO). */
export const jiraAuthorizeUrl = ({ state, redirectUri }: { state: string; redirectUri: string }) =>
  authorizeUrl(`${providerConfig.url('atlassianAuth')}/authorize`, {
    audience: 'api.atlassian.com',
    client_id: providerConfig.oauthClient('atlassian').clientId,
    scope: JIRA_OAUTH_SCOPES.join(' '),
    redirect_uri: redirectUri,
    state,
    response_type: 'code',
    prompt: 'consent',
  });

export type OAuthConnected = { ok: true; secrets: Record<string, unknown>; settings: Record<string, unknown> } | Extract<SendResult, { ok: false }>;

/**
 * The consent's code exchanged for tokens, and the Jira site they reach (the first accessible resource): the
 * secrets to seal (tokens + cloud id) and the settings it fixes (site_url).
 */
export const exchangeJiraCode = async ({ code, redirectUri }: { code: string; redirectUri: string }, options: ProviderHttpOptions = {}): Promise<OAuthConnected> => {
  const { clientId, clientSecret } = providerConfig.oauthClient('atlassian');
  const token = await postToken(`${providerConfig.url('atlassianAuth')}/oauth/token`, { grant_type: 'authorization_code', client_id: clientId, client_secret: clientSecret, code, redirect_uri: redirectUri }, { ...options, json: true });
  if (!token.ok) return { ...token, code: 'jira_token_error' };
  const started = performance.now();
  try {
    const answer = await callProvider(`${providerConfig.url('atlassianApi')}/oauth/token/accessible-resources`, { headers: { authorization: `Bearer ${String(token.body.access_token)}` } }, options);
    if (!is2xx(answer.status)) return httpFailure({ status: answer.status, body: answer.body, retryAfter: answer.headers['retry-after'], latencyMs: answer.latencyMs, code: 'jira_token_error' });
    const site = (answer.body as { id?: string; url?: string }[] | undefined)?.[0];
    if (!site?.id || !site.url) return { ok: false, retryable: false, error: 'The Atlassian account has no Jira site this app may use', code: 'jira_error', latencyMs: answer.latencyMs };
    return {
      ok: true,
      secrets: { ...secretsFromTokenAnswer(token.body, new Date()), [JIRA_CLOUD_ID_SECRET]: site.id },
      settings: { auth: 'oauth', site_url: site.url },
    };
  } catch (error) {
    return errorFailure(error, since(started), 'jira_token_error');
  }
};

