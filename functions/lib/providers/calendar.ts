import { createHash } from 'node:crypto';
import { auth, calendar, type calendar_v3 } from '@googleapis/calendar';
import type { ErrorCode } from '#shared/errors';
import { SERVER_SECRETS } from '#shared/schemas/integrations';
import { providerConfig } from '../config';
import { errorFailure, httpFailure, since } from './classify';
import { providerFetch, type ProviderHttpOptions } from './http';
import { accessToken, refreshToken } from './oauth';
import type { CalendarProvider, DeliveryTask, ProviderConfig, SendResult, VerifyResult } from './provider';

/**
 * Google Calendar through @googleapis/calendar: an all-day event on the task's due date with the task's link, moved
 * when the due date changes and deleted with the task. The OAuth client refreshes an expired access token itself
 * (and once more when Google refuses one early); the renewed token is handed back to be sealed and stored. The
 * event id is derived from the delivery id, so a retry whose first insert did land gets Google's 409 duplicate and
 * takes the existing event instead of making a second one.
 */
export const GOOGLE_CALENDAR_SCOPES = ['https://www.googleapis.com/auth/calendar.events', 'https://www.googleapis.com/auth/calendar.readonly'];

/** Google event ids are base32hex (a–v, 0–9), 5–1024 characters: a hex digest of the delivery id is one. */
export const calendarEventId = (deliveryId: string) => createHash('sha256').update(`brandslate:${deliveryId}`).digest('hex').slice(0, 40);

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export const calendarEvent = (task: DeliveryTask, dueDate: string, test = false): calendar_v3.Schema$Event => ({
  summary: `${test ? '[Test] ' : ''}#${task.number} ${task.summary}`,
  description: [task.description ?? '', `${task.projectName} · ${task.type} · priority ${task.priority}`, task.url].filter(Boolean).join('\n\n'),
  start: { date: dueDate },
  end: { date: nextDay(dueDate) },
  source: { title: 'Brandslate', url: task.url },
});

type GoogleError = { status?: number; response?: { status?: number; data?: unknown; headers?: { get?: (name: string) => string | null } & Record<string, unknown> } };

const statusOf = (error: unknown) => (error as GoogleError).response?.status ?? (error as GoogleError).status;

const googleFailure = (error: unknown, latencyMs: number, code: ErrorCode): Extract<SendResult, { ok: false }> => {
  const e = error as GoogleError;
  const status = statusOf(error);
  if (!status) return errorFailure(error, latencyMs, code);
  const headers = e.response?.headers;
  const retryAfter = typeof headers?.get === 'function' ? headers.get('retry-after') : (headers?.['retry-after'] as string | undefined);
  const failure = httpFailure({ status, body: e.response?.data, retryAfter, latencyMs, code });
  // The token endpoint's invalid_grant: the consent was revoked or the refresh token expired.
  const grant = (e.response?.data as { error?: unknown } | undefined)?.error === 'invalid_grant';
  return grant ? { ...failure, retryable: false, unauthorized: true } : failure;
};

export const createCalendarProvider = (options: ProviderHttpOptions = {}): CalendarProvider & {
  listCalendars: (config: ProviderConfig) => Promise<({ ok: true; calendars: { id: string; name: string; primary: boolean }[] } | Extract<SendResult, { ok: false }>) & { refreshedSecrets?: Record<string, unknown> }>;
} => {
  const connect = ({ secrets }: ProviderConfig) => {
    const { clientId, clientSecret } = providerConfig.oauthClient('google');
    const client = new auth.OAuth2({
      clientId,
      clientSecret,
      endpoints: { oauth2TokenUrl: providerConfig.url('googleToken'), oauth2AuthBaseUrl: `${providerConfig.url('googleOAuth')}/o/oauth2/v2/auth` },
      forceRefreshOnFailure: true,
      transporterOptions: { fetchImplementation: providerFetch(options), retry: false },
    });
    const expiresAt = secrets[SERVER_SECRETS.accessTokenExpiresAt];
    client.setCredentials({
      access_token: accessToken(secrets),
      refresh_token: refreshToken(secrets),
      expiry_date: typeof expiresAt === 'string' ? Date.parse(expiresAt) : undefined,
    });
    let renewed: Record<string, unknown> | undefined;
    client.on('tokens', (tokens) => {
      renewed = {
        ...secrets,
        ...renewed,
        ...(tokens.access_token ? { [SERVER_SECRETS.accessToken]: tokens.access_token } : {}),
        ...(tokens.refresh_token ? { [SERVER_SECRETS.refreshToken]: tokens.refresh_token } : {}),
        ...(tokens.expiry_date ? { [SERVER_SECRETS.accessTokenExpiresAt]: new Date(tokens.expiry_date).toISOString() } : {}),
      };
    });
    const api = calendar({ version: 'v3', auth: client, rootUrl: `${providerConfig.url('googleApi')}/`, retry: false });
    return { api, refreshed: () => (renewed ? { refreshedSecrets: renewed } : {}) };
  };

  const calendarId = (settings: Record<string, unknown>) => String(settings.calendar_id ?? 'primary');

  /** Runs one Calendar call as a delivery result, with the renewed token whatever the outcome. */
  const run = async (config: ProviderConfig, code: ErrorCode, work: (api: calendar_v3.Calendar) => Promise<Omit<Extract<SendResult, { ok: true }>, 'latencyMs'>>): Promise<SendResult> => {
    const { api, refreshed } = connect(config);
    const started = performance.now();
    try {
      const result = await work(api);
      return { ...result, latencyMs: since(started), ...refreshed() };
    } catch (error) {
      return { ...googleFailure(error, since(started), code), ...refreshed() };
    }
  };

  return {
    type: 'calendar',
    send: async (input) => {
      const due = input.task.dueDate;
      if (!due) return { ok: false, retryable: false, error: 'The task has no due date to put in the calendar', code: 'calendar_update_failed', latencyMs: 0 };
      const id = calendarEventId(input.deliveryId);
      return run(input, 'calendar_update_failed', async (api) => {
        try {
          const { data, status } = await api.events.insert({ calendarId: calendarId(input.settings), requestBody: { id, ...calendarEvent(input.task, due, input.test) } });
          return { ok: true, status, externalId: data.id ?? id, ...(data.htmlLink ? { link: data.htmlLink } : {}) };
        } catch (error) {
          // An earlier attempt made the event and its answer was lost: take it.
          if (statusOf(error) !== 409) throw error;
          const { data } = await api.events.get({ calendarId: calendarId(input.settings), eventId: id });
          return { ok: true, status: 200, externalId: id, ...(data.htmlLink ? { link: data.htmlLink } : {}) };
        }
      });
    },
    moveEvent: (config) =>
      run(config, 'calendar_update_failed', async (api) => {
        const { data, status } = await api.events.patch({ calendarId: calendarId(config.settings), eventId: config.externalId, requestBody: { start: { date: config.dueDate }, end: { date: nextDay(config.dueDate) } } });
        return { ok: true, status, externalId: config.externalId, ...(data.htmlLink ? { link: data.htmlLink } : {}) };
      }),
    deleteEvent: (config) =>
      run(config, 'calendar_update_failed', async (api) => {
        try {
          const { status } = await api.events.delete({ calendarId: calendarId(config.settings), eventId: config.externalId });
          return { ok: true, status, externalId: config.externalId };
        } catch (error) {
          // Already gone (deleted in Google, or an earlier attempt's answer was lost): what was asked for holds.
          if (statusOf(error) === 404 || statusOf(error) === 410) return { ok: true, status: statusOf(error), externalId: config.externalId };
          throw error;
        }
      }),
    verify: async (config): Promise<VerifyResult> => {
      const result = await run(config, 'google_calendar_load_error', async (api) => {
        const { status } = await api.calendars.get({ calendarId: calendarId(config.settings) });
        return { ok: true, status };
      });
      if (result.ok) return { ok: true, latencyMs: result.latencyMs, ...(result.refreshedSecrets ? { refreshedSecrets: result.refreshedSecrets } : {}) };
      return {
        ok: false,
        status: result.status,
        error: result.error,
        code: 'google_calendar_load_error',
        ...(result.status === 404 ? { field: 'calendar_id' } : {}),
        ...(result.unauthorized ? { unauthorized: true } : {}),
        latencyMs: result.latencyMs,
        ...(result.refreshedSecrets ? { refreshedSecrets: result.refreshedSecrets } : {}),
      };
    },
    /** The account's calendars for the settings form (writable ones first, the primary on top). */
    listCalendars: async (config) => {
      const { api, refreshed } = connect(config);
      const started = performance.now();
      try {
        const { data } = await api.calendarList.list({ minAccessRole: 'writer' });
        const calendars = (data.items ?? []).map((c) => ({ id: c.id ?? '', name: c.summaryOverride ?? c.summary ?? c.id ?? '', primary: c.primary ?? false })).sort((a, b) => Number(b.primary) - Number(a.primary));
        return { ok: true as const, calendars, ...refreshed() };
      } catch (error) {
        return { ...googleFailure(error, since(started), 'google_calendar_load_error'), ...refreshed() };
      }
    },
  };
};

export const calendarProvider = createCalendarProvider();

const oauthClient = () => {
  const { clientId, clientSecret } = providerConfig.oauthClient('google');
  return new auth.OAuth2({ clientId, clientSecret, endpoints: { oauth2TokenUrl: providerConfig.url('googleToken'), oauth2AuthBaseUrl: `${providerConfig.url('googleOAuth')}/o/oauth2/v2/auth` }, transporterOptions: { fetchImplementation: providerFetch(), retry: false } });
};

/** Where to send a person to connect Google Calendar (offline access, so a refresh token comes back). */
export const calendarAuthorizeUrl = ({ state, redirectUri }: { state: string; redirectUri: string }) =>
  oauthClient().generateAuthUrl({ access_type: 'offline', prompt: 'consent', scope: GOOGLE_CALENDAR_SCOPES, state, redirect_uri: redirectUri, include_granted_scopes: true });

/** The consent's code exchanged for tokens: the secrets to seal. */
export const exchangeCalendarCode = async ({ code, redirectUri }: { code: string; redirectUri: string }): Promise<{ ok: true; secrets: Record<string, unknown> } | Extract<SendResult, { ok: false }>> => {
  const started = performance.now();
  try {
    const { tokens } = await oauthClient().getToken({ code, redirect_uri: redirectUri });
    if (!tokens.access_token) return { ok: false, retryable: false, error: 'Google gave no access token', code: 'google_calendar_load_error', latencyMs: since(started) };
    return {
      ok: true,
      secrets: {
        [SERVER_SECRETS.accessToken]: tokens.access_token,
        ...(tokens.refresh_token ? { [SERVER_SECRETS.refreshToken]: tokens.refresh_token } : {}),
        ...(tokens.expiry_date ? { [SERVER_SECRETS.accessTokenExpiresAt]: new Date(tokens.expiry_date).toISOString() } : {}),
      },
    };
  } catch (error) {
    return googleFailure(error, since(started), 'google_calendar_load_error');
  }
};
