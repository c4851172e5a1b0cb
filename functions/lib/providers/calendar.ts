import { createHash } from 'node:crypto';
import type { ErrorCode } from '#shared/errors';
import { providerConfig } from '../config';
import { since } from './classify';
import { googleApi, googleOAuthApp } from './google-oauth';
import { callFailure, ProviderHttpError, type ProviderHttpOptions } from './http';
import { accessToken, refreshSecrets, withAccessToken } from './oauth';
import type { CalendarProvider, DeliveryTask, ProviderConfig, SendResult, VerifyResult } from './provider';

/**
 * Google Calendar (API v3): an all-day event on the task's due date with the task's link, moved when the due date
 * changes and deleted with the task. An expired access token is refreshed before the call (and once more when
 * Google refuses one early); the renewed token is handed back to be sealed and stored. The event id is derived
 * from the delivery id, so a retry whose first insert did land gets Google's 409 duplicate and takes the existing
 * event instead of making a second one.
 */
export const GOOGLE_CALENDAR_SCOPES = ['https://www.googleapis.com/auth/calendar.events', 'https://www.googleapis.com/auth/calendar.readonly'];

/** Google event ids are base32hex (a–v, 0–9), 5–1024 characters: a hex digest of the delivery id is one. */
export const calendarEventId = (deliveryId: string) => createHash('sha256').update(`brandslate:${deliveryId}`).digest('hex').slice(0, 40);

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** An all-day event as Calendar takes it (events.insert / patch), and the part of Google's answer that is read. */
export type CalendarEventBody = { summary: string; description: string; start: { date: string }; end: { date: string }; source: { title: string; url: string } };
type EventAnswer = { id?: string; htmlLink?: string };

export const calendarEvent = (task: DeliveryTask, dueDate: string, test = false): CalendarEventBody => ({
  summary: `${test ? '[Test] ' : ''}#${task.number} ${task.summary}`,
  description: [task.description ?? '', `${task.projectName} · ${task.type} · priority ${task.priority}`, task.url].filter(Boolean).join('\n\n'),
  start: { date: dueDate },
  end: { date: nextDay(dueDate) },
  source: { title: 'Brandslate', url: task.url },
});

const statusOf = (error: unknown) => (error instanceof ProviderHttpError ? error.status : undefined);

type CalendarApi = ReturnType<typeof googleApi>;

export const createCalendarProvider = (options: ProviderHttpOptions = {}): CalendarProvider & {
  listCalendars: (config: ProviderConfig) => Promise<({ ok: true; calendars: { id: string; name: string; primary: boolean }[] } | Extract<SendResult, { ok: false }>) & { refreshedSecrets?: Record<string, unknown> }>;
} => {
  /** One Calendar call with the integration's token kept alive; its value or its failure, with any renewed token. */
  const call = async <T>({ secrets }: ProviderConfig, code: ErrorCode, work: (api: CalendarApi) => Promise<T>) => {
    const started = performance.now();
    const result = await withAccessToken(
      secrets,
      {
        renew: async (current) => {
          const renewal = await refreshSecrets(providerConfig.url('googleToken'), 'google', current, options);
          return renewal.ok ? renewal : { ...renewal, code };
        },
        fail: (error) => callFailure(error, since(started), code),
      },
      (current) => work(googleApi(accessToken(current) ?? '', options)),
    );
    return { result, latencyMs: since(started) };
  };

  /** Runs one Calendar call as a delivery result. */
  const run = async (config: ProviderConfig, code: ErrorCode, work: (api: CalendarApi) => Promise<Omit<Extract<SendResult, { ok: true }>, 'latencyMs'>>): Promise<SendResult> => {
    const { result, latencyMs } = await call(config, code, work);
    if (!result.ok) return result;
    const { value, refreshedSecrets } = result;
    return { ...value, latencyMs, ...(refreshedSecrets ? { refreshedSecrets } : {}) };
  };

  const calendarId = (settings: Record<string, unknown>) => String(settings.calendar_id ?? 'primary');
  /** The calendar's events, or one of them. */
  const events = (settings: Record<string, unknown>, eventId?: string) =>
    `/calendar/v3/calendars/${encodeURIComponent(calendarId(settings))}/events${eventId ? `/${encodeURIComponent(eventId)}` : ''}`;

  return {
    type: 'calendar',
    send: async (input) => {
      const due = input.task.dueDate;
      if (!due) return { ok: false, retryable: false, error: 'The task has no due date to put in the calendar', code: 'calendar_update_failed', latencyMs: 0 };
      const id = calendarEventId(input.deliveryId);
      return run(input, 'calendar_update_failed', async (api) => {
        try {
          const data = await api<EventAnswer>('POST', events(input.settings), { json: { id, ...calendarEvent(input.task, due, input.test) } });
          return { ok: true, status: 200, externalId: data.id ?? id, ...(data.htmlLink ? { link: data.htmlLink } : {}) };
        } catch (error) {
          // An earlier attempt made the event and its answer was lost: take it.
          if (statusOf(error) !== 409) throw error;
          const data = await api<EventAnswer>('GET', events(input.settings, id));
          return { ok: true, status: 200, externalId: id, ...(data.htmlLink ? { link: data.htmlLink } : {}) };
        }
      });
    },
    moveEvent: (config) =>
      run(config, 'calendar_update_failed', async (api) => {
        const data = await api<EventAnswer>('PATCH', events(config.settings, config.externalId), { json: { start: { date: config.dueDate }, end: { date: nextDay(config.dueDate) } } });
        return { ok: true, status: 200, externalId: config.externalId, ...(data.htmlLink ? { link: data.htmlLink } : {}) };
      }),
    deleteEvent: (config) =>
      run(config, 'calendar_update_failed', async (api) => {
        try {
          await api('DELETE', events(config.settings, config.externalId));
          return { ok: true, status: 204, externalId: config.externalId };
        } catch (error) {
          // Already gone (deleted in Google, or an earlier attempt's answer was lost): what was asked for holds.
          if (statusOf(error) === 404 || statusOf(error) === 410) return { ok: true, status: statusOf(error), externalId: config.externalId };
          throw error;
        }
      }),
    verify: async (config): Promise<VerifyResult> => {
      const result = await run(config, 'google_calendar_load_error', async (api) => {
        await api('GET', `/calendar/v3/calendars/${encodeURIComponent(calendarId(config.settings))}`);
        return { ok: true, status: 200 };
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
      type Entry = { id?: string; summary?: string; summaryOverride?: string; primary?: boolean };
      const { result } = await call(config, 'google_calendar_load_error', (api) => api<{ items?: Entry[] }>('GET', '/calendar/v3/users/me/calendarList', { query: { minAccessRole: 'writer' } }));
      if (!result.ok) return result;
      const calendars = (result.value.items ?? []).map((c) => ({ id: c.id ?? '', name: c.summaryOverride ?? c.summary ?? c.id ?? '', primary: c.primary ?? false })).sort((a, b) => Number(b.primary) - Number(a.primary));
      return { ok: true as const, calendars, ...(result.refreshedSecrets ? { refreshedSecrets: result.refreshedSecrets } : {}) };
    },
  };
};

export const calendarProvider = createCalendarProvider();

/** Where to send a person to connect Google Calendar (offline access, so a refresh token comes back). */
export const calendarAuthorizeUrl = ({ state, redirectUri }: { state: string; redirectUri: string }) => googleOAuthApp(GOOGLE_CALENDAR_SCOPES).authorizeUrl({ state, redirectUri });

/** The consent's code exchanged for tokens (Google's token endpoint, as for the connected accounts): the secrets to seal. */
export const exchangeCalendarCode = async ({ code, redirectUri }: { code: string; redirectUri: string }): Promise<{ ok: true; secrets: Record<string, unknown> } | Extract<SendResult, { ok: false }>> => {
  const answer = await googleOAuthApp(GOOGLE_CALENDAR_SCOPES).exchangeCode({ code, redirectUri });
  return answer.ok ? { ok: true, secrets: answer.value } : { ...answer, code: 'google_calendar_load_error' };
};
