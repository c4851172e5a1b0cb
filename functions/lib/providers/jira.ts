import type { Client, SendRequestOptions } from 'jira.js/core';
import { createIssue, getCurrentUser, getProject, searchAndReconsileIssuesUsingJql } from 'jira.js/cloud';
import type { ErrorCode } from '#shared/errors';
import { providerConfig } from '../config';
import { errorFailure, httpFailure, since } from './classify';
import { callProvider, is2xx, type ProviderHttpOptions } from './http';
import { accessToken, authorizeUrl, isExpired, postToken, refreshToken, secretsFromTokenAnswer } from './oauth';
import type { DeliveryTask, Provider, ProviderConfig, RefreshedSecrets, SendResult, VerifyResult } from './provider';

/**
 * Jira Cloud through jira.js's REST v3 functions, on a transport of ours (the guarded fetcher: the site URL is the
 * user's). Two ways in: an API token (Basic, the user's site) or OAuth 2.0 3LO (Bearer, api.atlassian.com/ex/jira/
 * <cloudId>, the access token refreshed when it expires; Atlassian rotates the refresh token on every use, so the
 * renewed pair is handed back to be stored). A delivery's issue carries the label `brandslate-<deliveryId>` and a
 * retry searches for it first, so a create whose answer was lost does not make a second issue.
 */
export const JIRA_OAUTH_SCOPES = ['read:jira-work', 'write:jira-work', 'read:jira-user', 'offline_access'];
/** Where the consent's Jira site is kept among the secrets (with the tokens it belongs to). */
export const JIRA_CLOUD_ID_SECRET = 'cloud_id';

export const deliveryLabel = (deliveryId: string) => `brandslate-${deliveryId.replace(/[^A-Za-z0-9_-]/g, '')}`;

/** A non-2xx answer from Jira, thrown by the transport so jira.js's functions stay typed. */
class JiraHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly retryAfter: string | undefined,
    readonly latencyMs: number,
  ) {
    super(`Jira answered HTTP ${status}`);
  }
}

const searchString = (params: Record<string, unknown> | undefined) => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    query.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
};

const transport = (base: string, authorization: string, options: ProviderHttpOptions): Client => ({
  sendRequest: async <T>(request: SendRequestOptions<T>): Promise<T> => {
    const url = `${base}${request.url.startsWith('/') ? '' : '/'}${request.url}${searchString(request.searchParams)}`;
    const answer = await callProvider(url, { method: request.method ?? 'GET', headers: { authorization, ...request.headers }, json: request.body }, options);
    if (!is2xx(answer.status)) throw new JiraHttpError(answer.status, answer.body, answer.headers['retry-after'], answer.latencyMs);
    return answer.body as T;
  },
});

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

type Connection = { client: Client; site: string } & RefreshedSecrets;

export const createJiraProvider = (options: ProviderHttpOptions & { now?: () => Date } = {}): Provider => {
  const now = options.now ?? (() => new Date());

  const refreshed = async (secrets: Record<string, unknown>) => {
    const { clientId, clientSecret } = providerConfig.oauthClient('atlassian');
    const answer = await postToken(`${providerConfig.url('atlassianAuth')}/oauth/token`, { grant_type: 'refresh_token', client_id: clientId, client_secret: clientSecret, refresh_token: refreshToken(secrets) ?? '' }, { ...options, json: true });
    if (!answer.ok) return answer;
    return { ok: true as const, secrets: { ...secrets, ...secretsFromTokenAnswer(answer.body, now(), refreshToken(secrets)) } };
  };

  /** The client for this integration, with renewed OAuth secrets when the access token had to be refreshed. */
  const connect = async ({ settings, secrets }: ProviderConfig): Promise<Connection | Extract<SendResult, { ok: false }>> => {
    if (settings.auth !== 'oauth') {
      const site = String(settings.site_url ?? '').replace(/\/+$/, '');
      const basic = Buffer.from(`${String(secrets.email ?? '')}:${String(secrets.api_token ?? '')}`).toString('base64');
      return { client: transport(site, `Basic ${basic}`, options), site };
    }
    let current = secrets;
    let renewed: Record<string, unknown> | undefined;
    if (!accessToken(current) || isExpired(current, now())) {
      const answer = await refreshed(current);
      if (!answer.ok) return { ...answer, code: 'jira_token_error' };
      current = renewed = answer.secrets;
    }
    const cloudId = String(current[JIRA_CLOUD_ID_SECRET] ?? '');
    const site = String(settings.site_url ?? '').replace(/\/+$/, '');
    return {
      client: transport(`${providerConfig.url('atlassianApi')}/ex/jira/${encodeURIComponent(cloudId)}`, `Bearer ${accessToken(current)}`, options),
      site,
      ...(renewed ? { refreshedSecrets: renewed } : {}),
    };
  };

  /** Runs `work` once, and once more after a refresh when an OAuth token was refused (revoked early or clock skew). */
  const withClient = async <T>(config: ProviderConfig, work: (connection: Connection) => Promise<T>): Promise<{ ok: true; value: T; connection: Connection } | Extract<SendResult, { ok: false }>> => {
    const connection = await connect(config);
    if (!('client' in connection)) return connection;
    try {
      return { ok: true, value: await work(connection), connection };
    } catch (error) {
      if (!(error instanceof JiraHttpError && error.status === 401 && config.settings.auth === 'oauth')) throw error;
      const answer = await refreshed(connection.refreshedSecrets ?? config.secrets);
      if (!answer.ok) return { ...answer, code: 'jira_token_error', refreshedSecrets: connection.refreshedSecrets };
      const again = await connect({ ...config, secrets: answer.secrets });
      if (!('client' in again)) return again;
      const retried = { ...again, refreshedSecrets: again.refreshedSecrets ?? answer.secrets };
      return { ok: true, value: await work(retried), connection: retried };
    }
  };

  const failure = (error: unknown, started: number, code: ErrorCode, refreshedSecrets?: Record<string, unknown>): Extract<SendResult, { ok: false }> => {
    const base = error instanceof JiraHttpError ? httpFailure({ status: error.status, body: error.body, retryAfter: error.retryAfter, latencyMs: since(started), code }) : errorFailure(error, since(started), code);
    return { ...base, ...(refreshedSecrets ? { refreshedSecrets } : {}) };
  };

  return {
    type: 'jira',
    send: async (input): Promise<SendResult> => {
      const { settings, task } = input;
      if (settings.epic_required && !task.epic) return { ok: false, retryable: false, error: 'A Jira Epic is missing. Please add an epic to your issue.', code: 'jira_epic_missing', latencyMs: 0 };
      const label = deliveryLabel(input.deliveryId);
      const started = performance.now();
      let renewed: Record<string, unknown> | undefined;
      try {
        const result = await withClient(input, async (connection) => {
          renewed = connection.refreshedSecrets;
          // The label is the delivery's handle: an earlier attempt may have created the issue and lost the answer.
          const found = await searchAndReconsileIssuesUsingJql(connection.client, { jql: `labels = "${label}"`, fields: ['summary'], maxResults: 1 });
          const existing = found.issues?.[0];
          if (existing?.key) return { key: existing.key, id: existing.id, site: connection.site };
          const created = await createIssue(connection.client, {
            fields: {
              project: { key: String(settings.project_key ?? '') },
              issuetype: { name: String(settings.issue_type ?? '') },
              summary: `${input.test ? '[Test] ' : ''}${task.summary}`.slice(0, 255),
              description: jiraDescription(task),
              labels: [label],
              ...(task.epic ? { parent: { key: task.epic } } : {}),
            },
          });
          return { key: created.key, id: created.id, site: connection.site };
        });
        if (!result.ok) return result;
        const { key, site } = result.value;
        return {
          ok: true,
          status: 201,
          externalId: key,
          link: `${site}/browse/${key}`,
          latencyMs: since(started),
          ...(result.connection.refreshedSecrets ? { refreshedSecrets: result.connection.refreshedSecrets } : {}),
        };
      } catch (error) {
        return failure(error, started, 'jira_error', renewed);
      }
    },
    verify: async (config): Promise<VerifyResult> => {
      const started = performance.now();
      let renewed: Record<string, unknown> | undefined;
      try {
        const result = await withClient(config, async (connection) => {
          renewed = connection.refreshedSecrets;
          await getCurrentUser(connection.client, {});
          const project = await getProject(connection.client, { projectIdOrKey: String(config.settings.project_key ?? '') });
          return project.issueTypes?.map((t) => t.name ?? '');
        });
        if (result.ok && result.value && !result.value.includes(String(config.settings.issue_type ?? ''))) {
          return {
            ok: false,
            status: 200,
            error: `The project has no issue type ${String(config.settings.issue_type ?? '')} (it has ${result.value.join(', ')})`,
            code: 'integration_provider_error',
            field: 'issue_type',
            latencyMs: since(started),
            ...(result.connection.refreshedSecrets ? { refreshedSecrets: result.connection.refreshedSecrets } : {}),
          };
        }
        if (!result.ok) return { ok: false, status: result.status, error: result.error, code: result.code ?? 'jira_token_error', unauthorized: result.unauthorized, latencyMs: result.latencyMs, ...(result.refreshedSecrets ? { refreshedSecrets: result.refreshedSecrets } : {}) };
        return { ok: true, latencyMs: since(started), ...(result.connection.refreshedSecrets ? { refreshedSecrets: result.connection.refreshedSecrets } : {}) };
      } catch (error) {
        const f = failure(error, started, 'jira_error', renewed);
        const extra = renewed ? { refreshedSecrets: renewed } : {};
        if (f.status === 403) return { ok: false, status: 403, error: `Connecting Jira may need Jira admin rights. Jira said: ${f.error}`, code: 'jira_admin_required', latencyMs: f.latencyMs, ...extra };
        if (f.status === 401) return { ok: false, status: 401, error: f.error, code: 'jira_token_error', field: config.settings.auth === 'oauth' ? undefined : 'api_token', unauthorized: true, latencyMs: f.latencyMs, ...extra };
        if (f.status === 404) return { ok: false, status: 404, error: f.error, code: 'integration_provider_error', field: 'project_key', latencyMs: f.latencyMs, ...extra };
        return { ok: false, status: f.status, error: f.error, code: 'jira_error', field: f.status === undefined && config.settings.auth !== 'oauth' ? 'site_url' : undefined, latencyMs: f.latencyMs, ...extra };
      }
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

