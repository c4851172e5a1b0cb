import { describe, expect, it } from 'vitest';
import { calendarAuthorizeUrl, calendarEventId, createCalendarProvider, exchangeCalendarCode } from '#lib/providers/calendar';
import { deliveryTask, newDeliveryId, OAUTH_CLIENTS, useFakeProviders } from './providers-support';

describe('Google Calendar provider against the fake Google', () => {
  const fakes = useFakeProviders();
  const provider = createCalendarProvider({ timeoutMs: 400 });
  const redirectUri = 'http://127.0.0.1:3000/integration-success';

  /** Connects as a person would: the consent page, "Allow", the code exchanged. */
  const connect = async () => {
    const authorize = new URL(calendarAuthorizeUrl({ state: 'st', redirectUri }));
    expect(authorize.searchParams.get('access_type')).toBe('offline');
    expect(await (await fetch(authorize)).text()).toContain('Allow');
    const allowed = await fetch(`${fakes().url}/google/o/oauth2/consent`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: OAUTH_CLIENTS.google.clientId, redirect_uri: redirectUri, state: 'st', scope: authorize.searchParams.get('scope')!, decision: 'allow' }),
    });
    const connected = await exchangeCalendarCode({ code: new URL(allowed.headers.get('location')!).searchParams.get('code')!, redirectUri });
    if (!connected.ok) throw new Error(connected.error);
    return { settings: { calendar_id: 'content-team@group.calendar.google.com' }, secrets: connected.secrets };
  };

  it('puts an all-day event on the due date with the task link, moves it and deletes it', async () => {
    const config = await connect();
    const deliveryId = newDeliveryId();

    const sent = await provider.send({ deliveryId, attempt: 1, task: deliveryTask(), ...config });
    expect(sent.ok ? 'sent' : sent.error).toBe('sent');
    expect(sent).toMatchObject({ ok: true, externalId: calendarEventId(deliveryId), link: expect.stringContaining('/google/calendar/event?eid=') });
    const event = () => fakes().google.events().find((e) => e.id === calendarEventId(deliveryId));
    expect(event()).toMatchObject({ start: { date: '2026-12-01' }, end: { date: '2026-12-02' }, source: { url: 'http://127.0.0.1:3000/tasks/tsk_01' } });

    expect(await provider.moveEvent({ ...config, externalId: calendarEventId(deliveryId), dueDate: '2026-12-24' })).toMatchObject({ ok: true });
    expect(event()).toMatchObject({ start: { date: '2026-12-24' }, end: { date: '2026-12-25' } });

    expect(await provider.deleteEvent({ ...config, externalId: calendarEventId(deliveryId) })).toMatchObject({ ok: true });
    expect(event()?.status).toBe('cancelled');
    expect(await provider.deleteEvent({ ...config, externalId: calendarEventId(deliveryId) })).toMatchObject({ ok: true, status: 410 });
  });

  it('a retry of a delivery whose event exists takes that event instead of making a second', async () => {
    const config = await connect();
    const deliveryId = newDeliveryId();

    await provider.send({ deliveryId, attempt: 1, task: deliveryTask(), ...config });
    const again = await provider.send({ deliveryId, attempt: 2, task: deliveryTask(), ...config });

    expect(again).toMatchObject({ ok: true, externalId: calendarEventId(deliveryId) });
    expect(fakes().google.events().filter((e) => e.id === calendarEventId(deliveryId))).toHaveLength(1);
  });

  it('refreshes an expired access token and hands the new one back to be stored', async () => {
    const config = await connect();
    const expired = { ...config, secrets: { ...config.secrets, access_token_expires_at: new Date(Date.now() - 1000).toISOString() } };

    const sent = await provider.send({ deliveryId: newDeliveryId(), attempt: 1, task: deliveryTask(), ...expired });

    expect(sent).toMatchObject({ ok: true, refreshedSecrets: { access_token: expect.any(String), refresh_token: config.secrets.refresh_token } });
    expect(sent.refreshedSecrets?.access_token).not.toBe(config.secrets.access_token);
    expect(Date.parse(String(sent.refreshedSecrets?.access_token_expires_at))).toBeGreaterThan(Date.now());
  });

  it('refreshes once when Google refuses a token it had not said was expired', async () => {
    const config = await connect();
    fakes().oauth.google.expireAccessTokens();

    const sent = await provider.send({ deliveryId: newDeliveryId(), attempt: 1, task: deliveryTask(), ...config });

    expect(sent).toMatchObject({ ok: true, refreshedSecrets: { access_token: expect.any(String) } });
  });

  it('a revoked refresh token asks for a reconnect, with calendar_update_failed', async () => {
    const config = await connect();
    const revoked = { ...config, secrets: { ...config.secrets, refresh_token: 'revoked', access_token_expires_at: new Date(Date.now() - 1000).toISOString() } };

    expect(await provider.send({ deliveryId: newDeliveryId(), attempt: 1, task: deliveryTask(), ...revoked })).toMatchObject({ ok: false, retryable: false, unauthorized: true, code: 'calendar_update_failed' });
  });

  it.each([
    [401, false],
    [403, false],
    [404, false],
    [429, true],
    [500, true],
  ])('classifies an injected %i (retryable %s)', async (status, retryable) => {
    const config = await connect();
    fakes().failures.set('google', { rate: 1, status });

    const result = await provider.send({ deliveryId: newDeliveryId(), attempt: 1, task: deliveryTask(), ...config });

    expect(result).toMatchObject({ ok: false, retryable, code: 'calendar_update_failed' });
    if (status !== 401 && status !== 403) expect(result.ok ? 0 : result.status).toBe(status);
    if (status === 429) expect(result.ok ? 0 : result.retryAfterSeconds).toBe(30);
  });

  it('a Google that does not answer in time is retryable', async () => {
    const config = await connect();
    fakes().failures.set('google', { timeoutRate: 1 });

    expect(await provider.send({ deliveryId: newDeliveryId(), attempt: 1, task: deliveryTask(), ...config })).toMatchObject({ ok: false, retryable: true });
  });

  it('lists the writable calendars, primary first; verify names a calendar that does not exist', async () => {
    const config = await connect();

    const listed = await provider.listCalendars(config);

    expect(listed).toMatchObject({ ok: true, calendars: [{ id: 'demo@brandslate.local', primary: true }, { name: 'Content team', primary: false }] });
    expect(await provider.verify(config)).toMatchObject({ ok: true });
    expect(await provider.verify({ ...config, settings: { calendar_id: 'nope' } })).toMatchObject({ ok: false, field: 'calendar_id', code: 'google_calendar_load_error' });
    fakes().failures.set('google', { rate: 1, status: 500 });
    expect(await provider.listCalendars(config)).toMatchObject({ ok: false, code: 'google_calendar_load_error' });
  });
});
