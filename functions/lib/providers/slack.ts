import { providerConfig } from '../config';
import { configuredPolicy, outboundTarget } from '../outbound/policy';
import { OutboundRefused } from '../outbound/refused';
import { errorFailure, httpFailure, parseRetryAfter, since } from './classify';
import { callFailure, callProvider, is2xx, ProviderHttpError, type ProviderHttpOptions } from './http';
import { accessToken, authorizeUrl } from './oauth';
import type { DeliveryTask, Provider, SendInput, SendResult, VerifyResult } from './provider';

/**
 * Slack, two ways: the Brandslate app installed by OAuth posts with its bot token (the Web API's
 * chat.postMessage, then chat.getPermalink for the link), or an incoming-webhook URL the user pasted (a plain
 * signed-by-obscurity POST, through the guard since the URL is theirs). The Web API answers 200 with
 * `ok: false` and an error code for most failures; those codes are classified here (invalid_auth means
 * reconnect; ratelimited and Slack's internal errors are retried; the rest are final).
 */
export const SLACK_BOT_SCOPES = ['chat:write', 'chat:write.public', 'channels:read', 'groups:read'];

const AUTH_ERRORS = new Set(['invalid_auth', 'not_authed', 'account_inactive', 'token_revoked', 'token_expired', 'no_permission']);
const TRANSIENT_ERRORS = new Set(['ratelimited', 'internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']);

/** The message: a line with the task's number, summary and link, and its facts (Slack mrkdwn, escaped). */
export const slackMessage = (task: DeliveryTask, test = false) => {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const title = `${test ? '[Test] ' : ''}New task #${task.number}: ${task.summary}`;
  const facts = [task.projectName, task.type, `priority ${task.priority}`, task.dueDate ? `due ${task.dueDate}` : '', task.assigneeEmail ?? ''].filter(Boolean).join(' · ');
  return {
    text: `${title} ${task.url}`,
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `*<${task.url}|${escape(title)}>*\n${escape(facts)}` } }],
  };
};

/** A Web API answer of `ok: false`: Slack's error code (HTTP 200). */
class SlackApiError extends Error {
  constructor(readonly code: string) {
    super(`Slack: ${code}`);
    this.name = 'SlackApiError';
  }
}

type Channel = { id?: string; name?: string };

/**
 * The Web API methods Brandslate calls, POSTed form-encoded as Slack's clients do (values that are not strings as
 * JSON), with the bot token when there is one. A call answers the method's body, or throws SlackApiError for
 * `ok: false` and ProviderHttpError for an HTTP failure (a 429 among them).
 */
const slackApi = (token: string | undefined, options: ProviderHttpOptions) => {
  const call = async <T>(method: string, args: Record<string, unknown>): Promise<T> => {
    const form = Object.fromEntries(Object.entries(args).flatMap(([name, value]) => (value === undefined ? [] : [[name, typeof value === 'string' ? value : JSON.stringify(value)]])));
    const answer = await callProvider(`${providerConfig.url('slackApi')}${method}`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, form }, options);
    if (!is2xx(answer.status)) throw new ProviderHttpError(answer);
    const body = (answer.body ?? {}) as { ok?: boolean; error?: string };
    if (body.ok !== true) throw new SlackApiError(body.error ?? 'invalid_response');
    return body as T;
  };
  return {
    postMessage: (args: Record<string, unknown>) => call<{ channel?: string; ts?: string }>('chat.postMessage', args),
    permalink: (channel: string, ts: string) => call<{ permalink?: string }>('chat.getPermalink', { channel, message_ts: ts }),
    authTest: () => call<unknown>('auth.test', {}),
    channelInfo: (channel: string) => call<{ channel?: Channel }>('conversations.info', { channel }),
    channels: () => call<{ channels?: Channel[] }>('conversations.list', { limit: 1000, exclude_archived: true, types: 'public_channel,private_channel' }),
    oauthAccess: (args: Record<string, string>) => call<{ access_token?: string; team?: { name?: string } }>('oauth.v2.access', args),
  };
};

/** A Web API call's failure as a result. */
const slackFailure = (error: unknown, latencyMs: number): Extract<SendResult, { ok: false }> => {
  if (error instanceof SlackApiError) {
    const { code } = error;
    return { ok: false, retryable: TRANSIENT_ERRORS.has(code), status: 200, error: `Slack: ${code}`, ...(AUTH_ERRORS.has(code) ? { unauthorized: true } : {}), latencyMs };
  }
  if (error instanceof ProviderHttpError && error.status === 429) {
    const retryAfterSeconds = parseRetryAfter(error.answer.headers['retry-after']);
    return { ok: false, retryable: true, status: 429, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}), error: 'Slack: ratelimited', latencyMs };
  }
  return callFailure(error, latencyMs);
};

const CHANNEL_ID = /^[CGD][A-Z0-9]{6,}$/;

export const createSlackProvider = (options: ProviderHttpOptions = {}): Provider => {
  const viaWebhook = async (input: SendInput): Promise<SendResult> => {
    const url = input.secrets.webhook_url;
    if (typeof url !== 'string' || !url) return { ok: false, retryable: false, error: 'The Slack integration has no webhook URL', code: 'integration_incomplete', latencyMs: 0 };
    const started = performance.now();
    try {
      const answer = await callProvider(url, { method: 'POST', json: slackMessage(input.task, input.test) }, options);
      if (!is2xx(answer.status)) return httpFailure({ status: answer.status, body: answer.body, retryAfter: answer.headers['retry-after'], latencyMs: answer.latencyMs });
      return { ok: true, status: answer.status, latencyMs: answer.latencyMs };
    } catch (error) {
      return errorFailure(error, since(started));
    }
  };

  const viaBot = async (input: SendInput): Promise<SendResult> => {
    const channel = String(input.settings.channel ?? '').replace(/^#/, '');
    if (!channel) return { ok: false, retryable: false, error: 'The Slack integration has no channel', code: 'integration_incomplete', latencyMs: 0 };
    const client = slackApi(accessToken(input.secrets), options);
    const started = performance.now();
    let posted;
    try {
      posted = await client.postMessage({ channel, ...slackMessage(input.task, input.test), unfurl_links: false });
    } catch (error) {
      return slackFailure(error, since(started));
    }
    const ts = posted.ts ?? '';
    const postedChannel = posted.channel ?? channel;
    // The message is out: a permalink that cannot be read leaves it sent, without a link.
    const link = await client.permalink(postedChannel, ts).then(
      (answer) => answer.permalink,
      () => undefined,
    );
    return { ok: true, status: 200, externalId: `${postedChannel}/${ts}`, ...(link ? { link } : {}), latencyMs: since(started) };
  };

  return {
    type: 'slack',
    send: (input) => (input.settings.mode === 'webhook' ? viaWebhook(input) : viaBot(input)),
    verify: async ({ settings, secrets }): Promise<VerifyResult> => {
      if (settings.mode === 'webhook') {
        try {
          outboundTarget(String(secrets.webhook_url ?? ''), options.policy ?? configuredPolicy());
          return { ok: true, latencyMs: 0 };
        } catch (error) {
          return { ok: false, error: error instanceof OutboundRefused ? error.message : 'Not a valid URL', code: 'integration_provider_error', field: 'webhook_url', latencyMs: 0 };
        }
      }
      const client = slackApi(accessToken(secrets), options);
      const channel = String(settings.channel ?? '').replace(/^#/, '');
      const started = performance.now();
      try {
        await client.authTest();
        const found = CHANNEL_ID.test(channel) ? (await client.channelInfo(channel)).channel : (await client.channels()).channels?.find((c) => c.name === channel);
        if (!found) return { ok: false, status: 200, error: `Slack has no channel ${channel} this app can see`, code: 'integration_provider_error', field: 'channel', latencyMs: since(started) };
        return { ok: true, latencyMs: since(started) };
      } catch (error) {
        const f = slackFailure(error, since(started));
        const field = f.error === 'Slack: channel_not_found' ? 'channel' : undefined;
        return { ok: false, status: f.status, error: f.error, code: 'integration_provider_error', ...(field ? { field } : {}), ...(f.unauthorized ? { unauthorized: true } : {}), latencyMs: f.latencyMs };
      }
    },
  };
};

export const slackProvider = createSlackProvider();

/** Where to send a person to install the Brandslate app (slack.com/oauth/v2/authorize, beside the API base). */
export const slackAuthorizeUrl = ({ state, redirectUri }: { state: string; redirectUri: string }) =>
  authorizeUrl(new URL('../oauth/v2/authorize', providerConfig.url('slackApi')).toString(), {
    client_id: providerConfig.oauthClient('slack').clientId,
    scope: SLACK_BOT_SCOPES.join(','),
    redirect_uri: redirectUri,
    state,
  });

/** The install's code exchanged for the bot token (oauth.v2.access): the secrets to seal and the workspace it joined. */
export const exchangeSlackCode = async (
  { code, redirectUri }: { code: string; redirectUri: string },
  options: ProviderHttpOptions = {},
): Promise<{ ok: true; secrets: Record<string, unknown>; settings: Record<string, unknown>; team: string | undefined } | Extract<SendResult, { ok: false }>> => {
  const { clientId, clientSecret } = providerConfig.oauthClient('slack');
  const started = performance.now();
  try {
    const answer = await slackApi(undefined, options).oauthAccess({ client_id: clientId, client_secret: clientSecret, code, redirect_uri: redirectUri });
    if (!answer.access_token) return { ok: false, retryable: false, error: 'Slack gave no bot token', latencyMs: since(started) };
    return { ok: true, secrets: { access_token: answer.access_token }, settings: { mode: 'bot' }, team: answer.team?.name };
  } catch (error) {
    return slackFailure(error, since(started));
  }
};
