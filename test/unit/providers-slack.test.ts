import { describe, expect, it } from 'vitest';
import { createSlackProvider, exchangeSlackCode, slackAuthorizeUrl } from '#lib/providers/slack';
import { LOCAL_SLACK } from '../../local/fakes/slack';
import { deliveryTask, newDeliveryId, OAUTH_CLIENTS, useFakeProviders } from './providers-support';

describe('Slack provider against the fake Slack', () => {
  const fakes = useFakeProviders();
  const provider = createSlackProvider({ timeoutMs: 400 });
  const bot = (channel = '#marketing', token: string = LOCAL_SLACK.botToken) => ({ settings: { mode: 'bot', channel }, secrets: { access_token: token } });
  const send = (config: { settings: Record<string, unknown>; secrets: Record<string, unknown> }) => provider.send({ deliveryId: newDeliveryId(), attempt: 1, task: deliveryTask(), ...config });

  it('posts to the channel with the bot token and links to the message', async () => {
    const result = await send(bot());

    expect(result).toMatchObject({ ok: true, externalId: expect.stringMatching(/^C0LOCAL0002\//), link: expect.stringContaining('/slack/archives/C0LOCAL0002/p') });
    expect(fakes().slack.messages().at(-1)?.text).toContain('New task #42: Instagram reel for the spring launch');
    const page = await fetch(result.ok ? result.link! : '');
    expect(page.status).toBe(200);
  });

  it('an unknown channel and an archived one are final; a wrong token asks for a reconnect', async () => {
    expect(await send(bot('#nowhere'))).toMatchObject({ ok: false, retryable: false, error: 'Slack: channel_not_found' });
    expect(await send(bot('#old-campaigns'))).toMatchObject({ ok: false, retryable: false, error: 'Slack: is_archived' });
    expect(await send(bot('#general', 'xoxb-wrong'))).toMatchObject({ ok: false, retryable: false, unauthorized: true });
  });

  it.each([
    [401, false, 'Slack: invalid_auth'],
    [404, false, 'Slack: channel_not_found'],
    [429, true, 'Slack: ratelimited'],
    [500, true, undefined],
  ])('an injected %i answers as Slack does (retryable %s)', async (status, retryable, error) => {
    fakes().failures.set('slack', { rate: 1, status, retryAfter: 7 });

    const result = await send(bot());

    expect(result).toMatchObject({ ok: false, retryable, ...(error ? { error } : { status }) });
    if (status === 429) expect(result.ok ? 0 : result.retryAfterSeconds).toBe(7);
  });

  it('a Slack that does not answer in time is retryable', async () => {
    fakes().failures.set('slack', { timeoutRate: 1 });

    expect(await send(bot())).toMatchObject({ ok: false, retryable: true });
  });

  it('posts through an incoming webhook; an unknown one is 404 no_service, final', async () => {
    const ok = await send({ settings: { mode: 'webhook' }, secrets: { webhook_url: fakes().urls.slackWebhook } });
    const unknown = await send({ settings: { mode: 'webhook' }, secrets: { webhook_url: `${fakes().url}/slack/services/T1/B1/nope` } });

    expect(ok).toMatchObject({ ok: true, status: 200 });
    expect(unknown).toMatchObject({ ok: false, retryable: false, status: 404, error: 'no_service' });
  });

  it('verify finds the channel by name or id and names the field when it is missing', async () => {
    expect(await provider.verify(bot('#general'))).toMatchObject({ ok: true });
    expect(await provider.verify(bot('C0LOCAL0002'))).toMatchObject({ ok: true });
    expect(await provider.verify(bot('#nowhere'))).toMatchObject({ ok: false, field: 'channel' });
    expect(await provider.verify(bot('#general', 'xoxb-wrong'))).toMatchObject({ ok: false, unauthorized: true });
  });

  it('installs through the consent page and posts with the token it gets', async () => {
    const redirectUri = 'http://127.0.0.1:3000/integration-success';
    const authorize = new URL(slackAuthorizeUrl({ state: 's', redirectUri }));
    expect(authorize.pathname).toBe('/slack/oauth/v2/authorize');
    expect(await (await fetch(authorize)).text()).toContain('Allow');
    const allowed = await fetch(`${fakes().url}/slack/oauth/v2/consent`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: OAUTH_CLIENTS.slack.clientId, redirect_uri: redirectUri, state: 's', scope: 'chat:write', decision: 'allow' }),
    });
    const code = new URL(allowed.headers.get('location')!).searchParams.get('code')!;

    const installed = await exchangeSlackCode({ code, redirectUri });

    expect(installed).toMatchObject({ ok: true, settings: { mode: 'bot' }, secrets: { access_token: expect.stringMatching(/^xoxb-local-/) } });
    if (installed.ok) expect(await send({ settings: { mode: 'bot', channel: '#general' }, secrets: installed.secrets })).toMatchObject({ ok: true });
    expect(await exchangeSlackCode({ code, redirectUri })).toMatchObject({ ok: false, retryable: false });
  });
});
