import { escapeHtml } from '../mail';
import { bearer, json, type FakeRequest, type FakeResponse } from './core';
import { HTML, page, type OAuthServer } from './oauth';

/**
 * Slack's Web API (the methods the Slack provider calls: auth.test, chat.postMessage, chat.getPermalink,
 * conversations.list / info, oauth.v2.access), its OAuth consent page and incoming webhooks. As the real one,
 * every Web API answer is HTTP 200 with `ok` and an `error` code (invalid_auth, channel_not_found, …) except a
 * rate limit (429 with Retry-After); incoming webhooks answer text ("ok", "invalid_payload", "no_service").
 */
export const LOCAL_SLACK = {
  teamId: 'T0LOCAL001',
  teamName: 'Brandslate local',
  /** A bot token that always works, besides those the OAuth flow issues. */
  botToken: 'xoxb-local-demo-token',
  /** The incoming webhook the page offers (path below /slack). */
  webhookPath: '/services/T0LOCAL001/B0LOCAL001/localwebhooksecret000001',
} as const;

type Channel = { id: string; name: string; is_archived: boolean };
type Message = { channel: string; ts: string; text: string; blocks?: unknown; via: 'api' | 'webhook' };

/** How a Web API method answers an injected failure: Slack's own code for that case. */
export const slackFailure = (status: number, retryAfter: number, webhook: boolean): { status: number; body: unknown; headers?: Record<string, string> } => {
  if (status === 429) return { status: 429, body: webhook ? 'rate_limited' : { ok: false, error: 'ratelimited' }, headers: { 'retry-after': String(retryAfter) } };
  if (webhook) {
    const texts: Record<number, string> = { 400: 'invalid_payload', 403: 'action_prohibited', 404: 'no_service', 410: 'channel_is_archived' };
    return { status, body: texts[status] ?? 'rollup_error' };
  }
  const errors: Record<number, string> = { 400: 'invalid_arguments', 401: 'invalid_auth', 403: 'missing_scope', 404: 'channel_not_found' };
  if (status < 500) return { status: 200, body: { ok: false, error: errors[status] ?? 'invalid_arguments' } };
  return { status, body: `<html><body>${status} Slack is having trouble</body></html>` };
};

export const createSlack = (oauth: OAuthServer) => {
  const channels: Channel[] = [
    { id: 'C0LOCAL0001', name: 'general', is_archived: false },
    { id: 'C0LOCAL0002', name: 'marketing', is_archived: false },
    { id: 'C0LOCAL0003', name: 'old-campaigns', is_archived: true },
  ];
  const messages: Message[] = [];
  let tsCounter = 0;
  const nextTs = () => `${Math.floor(Date.now() / 1000)}.${String(++tsCounter).padStart(6, '0')}`;
  const findChannel = (ref: unknown) => {
    const name = String(ref ?? '').replace(/^#/, '');
    return channels.find((c) => c.id === name || c.name === name);
  };
  const permalink = (origin: string, message: Message) => `${origin}/slack/archives/${message.channel}/p${message.ts.replace('.', '')}`;
  const channelView = (c: Channel) => ({ id: c.id, name: c.name, is_channel: true, is_archived: c.is_archived, is_member: true, is_private: false });

  const method = (name: string, req: FakeRequest): FakeResponse => {
    const args = { ...Object.fromEntries(req.query), ...(req.body ?? {}) } as Record<string, unknown>;
    if (name === 'oauth.v2.access') {
      // oauth.v2.access is the authorization-code grant without naming it.
      const answer = oauth.exchange({ ...req, body: { grant_type: 'authorization_code', ...args } });
      if (!answer.ok) return json(200, { ok: false, error: answer.error === 'invalid_client' ? 'invalid_client_id' : 'invalid_code' }, { summary: `oauth.v2.access: ${answer.error}` });
      return json(200, {
        ok: true,
        access_token: answer.body.access_token,
        token_type: 'bot',
        scope: answer.body.scope || 'chat:write,channels:read',
        bot_user_id: 'U0LOCALBOT',
        app_id: 'A0LOCAL001',
        team: { id: LOCAL_SLACK.teamId, name: LOCAL_SLACK.teamName },
        enterprise: null,
        is_enterprise_install: false,
      }, { summary: 'oauth.v2.access: bot token issued' });
    }
    const token = bearer(req) ?? (typeof args.token === 'string' ? args.token : undefined);
    if (!token) return json(200, { ok: false, error: 'not_authed' }, { summary: `${name}: not_authed` });
    if (token !== LOCAL_SLACK.botToken && !oauth.isValid(token)) return json(200, { ok: false, error: 'invalid_auth' }, { summary: `${name}: invalid_auth` });
    switch (name) {
      case 'auth.test':
        return json(200, { ok: true, url: `${req.origin}/slack/`, team: LOCAL_SLACK.teamName, user: 'brandslate', team_id: LOCAL_SLACK.teamId, user_id: 'U0LOCALBOT', bot_id: 'B0LOCALBOT', is_enterprise_install: false }, { summary: 'auth.test' });
      case 'conversations.list':
        return json(200, { ok: true, channels: channels.map(channelView), response_metadata: { next_cursor: '' } }, { summary: 'conversations.list' });
      case 'conversations.info': {
        const channel = findChannel(args.channel);
        if (!channel) return json(200, { ok: false, error: 'channel_not_found' }, { summary: `conversations.info ${String(args.channel)}: channel_not_found` });
        return json(200, { ok: true, channel: channelView(channel) }, { summary: `conversations.info ${channel.name}` });
      }
      case 'chat.postMessage': {
        const channel = findChannel(args.channel);
        if (!channel) return json(200, { ok: false, error: 'channel_not_found' }, { summary: `chat.postMessage ${String(args.channel)}: channel_not_found` });
        if (channel.is_archived) return json(200, { ok: false, error: 'is_archived' }, { summary: `chat.postMessage ${channel.name}: is_archived` });
        if (!args.text && !args.blocks) return json(200, { ok: false, error: 'no_text' }, { summary: 'chat.postMessage: no_text' });
        const message: Message = { channel: channel.id, ts: nextTs(), text: String(args.text ?? ''), blocks: args.blocks, via: 'api' };
        messages.push(message);
        return json(200, { ok: true, channel: channel.id, ts: message.ts, message: { type: 'message', text: message.text, ts: message.ts, bot_id: 'B0LOCALBOT' } }, { summary: `posted to #${channel.name}: ${message.text.slice(0, 80)}` });
      }
      case 'chat.getPermalink': {
        const message = messages.find((m) => m.channel === findChannel(args.channel)?.id && m.ts === args.message_ts);
        if (!message) return json(200, { ok: false, error: 'message_not_found' }, { summary: 'chat.getPermalink: message_not_found' });
        return json(200, { ok: true, channel: message.channel, permalink: permalink(req.origin, message) }, { summary: 'chat.getPermalink' });
      }
      default:
        return json(200, { ok: false, error: 'unknown_method' }, { summary: `${name}: unknown_method` });
    }
  };

  const incomingWebhook = (req: FakeRequest): FakeResponse => {
    if (req.path !== LOCAL_SLACK.webhookPath) return { status: 404, body: 'no_service', summary: 'incoming webhook: no_service' };
    if (req.method !== 'POST') return { status: 405, body: 'invalid_method' };
    const body = req.body ?? {};
    if (!body.text && !body.blocks) return { status: 400, body: 'invalid_payload', summary: 'incoming webhook: invalid_payload' };
    const message: Message = { channel: 'C0LOCAL0001', ts: nextTs(), text: String(body.text ?? ''), blocks: body.blocks, via: 'webhook' };
    messages.push(message);
    return { status: 200, body: 'ok', summary: `incoming webhook posted: ${message.text.slice(0, 80)}` };
  };

  const archive = (channelId: string, p: string): FakeResponse => {
    const message = messages.find((m) => m.channel === channelId && `p${m.ts.replace('.', '')}` === p);
    if (!message) return { status: 404, contentType: HTML, body: page('Not found', '<p>No such message in the local Slack.</p>') };
    const channel = channels.find((c) => c.id === channelId);
    return {
      status: 200,
      contentType: HTML,
      body: page('Local Slack message', `<main><p class="muted">Local Slack (fake) · #${escapeHtml(channel?.name ?? channelId)}</p><h1>Message</h1><pre>${escapeHtml(message.text)}</pre></main>`),
    };
  };

  return { method, incomingWebhook, archive, messages: () => [...messages], channels: () => channels.map(channelView) };
};
export type FakeSlack = ReturnType<typeof createSlack>;
