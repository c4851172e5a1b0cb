import { randomBytes } from 'node:crypto';
import { escapeHtml } from '../mail';
import { bearer, json, type FakeRequest, type FakeResponse } from './core';
import { HTML, page, type OAuthServer } from './oauth';

/**
 * Google Calendar API v3 (calendarList, calendars.get, events insert / patch / delete / get) and Google's OAuth
 * (consent page at /o/oauth2/v2/auth, token endpoint at /token with refresh). Errors carry Google's shape:
 * { error: { code, message, errors: [{ domain, reason, message }], status } }. A client-chosen event id that
 * exists answers 409 duplicate, as Google does: the provider's handle against a second event on a retry.
 */
const REASONS: Record<number, [string, string, string]> = {
  400: ['badRequest', 'INVALID_ARGUMENT', 'Bad Request'],
  401: ['authError', 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.'],
  403: ['forbidden', 'PERMISSION_DENIED', 'The caller does not have permission'],
  404: ['notFound', 'NOT_FOUND', 'Not Found'],
  409: ['duplicate', 'ALREADY_EXISTS', 'The requested identifier already exists.'],
  410: ['deleted', 'FAILED_PRECONDITION', 'Resource has been deleted'],
  429: ['rateLimitExceeded', 'RESOURCE_EXHAUSTED', 'Rate Limit Exceeded'],
  500: ['backendError', 'INTERNAL', 'Backend Error'],
  503: ['backendError', 'UNAVAILABLE', 'The service is currently unavailable.'],
};

export const googleErrorBody = (status: number, message?: string) => {
  const [reason, statusName, text] = REASONS[status] ?? REASONS[500]!;
  return { error: { code: status, message: message ?? text, errors: [{ domain: status === 401 ? 'global' : 'calendar', reason, message: message ?? text }], status: statusName } };
};

type Calendar = { id: string; summary: string; primary?: boolean; accessRole: 'owner' | 'reader' };
type Event = { id: string; calendarId: string; status: 'confirmed' | 'cancelled'; summary: string; description?: string; start: unknown; end: unknown; source?: unknown; created: string; updated: string };

const EVENT_ID = /^[a-v0-9]{5,1024}$/;

export const createGoogle = (oauth: OAuthServer) => {
  const calendars: Calendar[] = [
    { id: 'demo@brandslate.local', summary: 'demo@brandslate.local', primary: true, accessRole: 'owner' },
    { id: 'content-team@group.calendar.google.com', summary: 'Content team', accessRole: 'owner' },
    { id: 'holidays@group.v.calendar.google.com', summary: 'Holidays', accessRole: 'reader' },
  ];
  const events = new Map<string, Event>();
  const origin = { value: '' };
  const htmlLink = (event: Event) => `${origin.value}/google/calendar/event?eid=${encodeURIComponent(event.id)}`;
  const eventView = (event: Event) => ({ kind: 'calendar#event', etag: `"${event.updated}"`, id: event.id, status: event.status, htmlLink: htmlLink(event), created: event.created, updated: event.updated, summary: event.summary, description: event.description, start: event.start, end: event.end, source: event.source });
  const fail = (status: number, summary: string, message?: string) => json(status, googleErrorBody(status, message), { summary });
  const calendarOf = (id: string) => calendars.find((c) => c.id === id || (id === 'primary' && c.primary));

  const validTimes = (body: Record<string, unknown>) => {
    const start = body.start as { date?: string; dateTime?: string } | undefined;
    const end = body.end as { date?: string; dateTime?: string } | undefined;
    if (!start || !end || (!start.date && !start.dateTime) || (!end.date && !end.dateTime)) return 'Missing time zone definition for start time.';
    if (start.date && end.date && end.date <= start.date) return 'The specified time range is empty.';
    return null;
  };

  const calendarApi = (req: FakeRequest): FakeResponse => {
    const { method, path } = req;
    if (!oauth.isValid(bearer(req))) return fail(401, `${method} ${path}: invalid credentials`);
    if (method === 'GET' && path === '/calendar/v3/users/me/calendarList') {
      const writers = req.query.get('minAccessRole') === 'writer' || req.query.get('minAccessRole') === 'owner';
      return json(200, { kind: 'calendar#calendarList', items: calendars.filter((c) => !writers || c.accessRole === 'owner').map((c) => ({ kind: 'calendar#calendarListEntry', id: c.id, summary: c.summary, primary: c.primary, accessRole: c.accessRole, timeZone: 'UTC' })) }, { summary: 'calendarList' });
    }
    const calendarMatch = /^\/calendar\/v3\/calendars\/([^/]+)(\/events(?:\/([^/]+))?)?$/.exec(path);
    if (!calendarMatch) return fail(404, `${method} ${path}: not implemented`);
    const calendar = calendarOf(decodeURIComponent(calendarMatch[1]!));
    if (!calendar) return fail(404, `${method} ${path}: calendar not found`);
    if (!calendarMatch[2]) {
      if (method !== 'GET') return fail(404, `${method} ${path}: not implemented`);
      return json(200, { kind: 'calendar#calendar', id: calendar.id, summary: calendar.summary, timeZone: 'UTC' }, { summary: `calendar ${calendar.summary}` });
    }
    const eventId = calendarMatch[3] && decodeURIComponent(calendarMatch[3]);
    const writable = calendar.accessRole === 'owner';
    const now = new Date().toISOString();
    if (method === 'POST' && !eventId) {
      if (!writable) return fail(403, `insert into ${calendar.summary}: read-only calendar`, 'You need to have writer access to this calendar.');
      const body = req.body ?? {};
      const invalid = validTimes(body);
      if (invalid) return fail(400, `insert: ${invalid}`, invalid);
      const id = typeof body.id === 'string' ? body.id : randomBytes(13).toString('hex');
      if (!EVENT_ID.test(id)) return fail(400, 'insert: invalid id', 'Invalid resource id value.');
      if (events.has(id)) return fail(409, `insert ${id}: duplicate`);
      const event: Event = { id, calendarId: calendar.id, status: 'confirmed', summary: String(body.summary ?? ''), description: body.description as string | undefined, start: body.start, end: body.end, source: body.source, created: now, updated: now };
      events.set(id, event);
      return json(200, eventView(event), { summary: `event ${event.summary} on ${JSON.stringify((event.start as { date?: string }).date ?? event.start)}` });
    }
    const event = eventId ? events.get(eventId) : undefined;
    if (!event || event.calendarId !== calendar.id) return fail(404, `${method} event ${eventId ?? ''}: not found`);
    if (method === 'GET') return json(200, eventView(event), { summary: `event ${event.id}` });
    if (event.status === 'cancelled') return fail(410, `${method} event ${event.id}: deleted`);
    if (method === 'PATCH' || method === 'PUT') {
      const body = req.body ?? {};
      const next = { ...event, ...Object.fromEntries(['summary', 'description', 'start', 'end', 'source'].filter((k) => k in body).map((k) => [k, body[k]])), updated: now } as Event;
      const invalid = validTimes(next as unknown as Record<string, unknown>);
      if (invalid) return fail(400, `patch: ${invalid}`, invalid);
      events.set(event.id, next);
      return json(200, eventView(next), { summary: `event ${event.id} moved to ${JSON.stringify((next.start as { date?: string }).date ?? next.start)}` });
    }
    if (method === 'DELETE') {
      events.set(event.id, { ...event, status: 'cancelled', updated: now });
      return { status: 204, summary: `event ${event.id} deleted` };
    }
    return fail(404, `${method} ${path}: not implemented`);
  };

  /** The token endpoint (POST /token, form encoded), answering as oauth2.googleapis.com does. */
  const token = (req: FakeRequest): FakeResponse => {
    const answer = oauth.exchange(req);
    if (!answer.ok) return json(answer.status, { error: answer.error, error_description: answer.description }, { summary: `token: ${answer.error}` });
    return json(200, answer.body, { summary: `token: ${String(req.body?.grant_type)}` });
  };

  const handle = (req: FakeRequest): FakeResponse => {
    origin.value = req.origin;
    if (req.method === 'GET' && req.path === '/o/oauth2/v2/auth') return oauth.authorizePage(req);
    if (req.method === 'POST' && req.path === '/o/oauth2/consent') return oauth.consent(req);
    if (req.method === 'POST' && req.path === '/token') return token(req);
    if (req.method === 'GET' && req.path === '/calendar/event') {
      const event = events.get(req.query.get('eid') ?? '');
      if (!event) return { status: 404, contentType: HTML, body: page('Not found', '<p>No such event in the local Google Calendar.</p>') };
      return { status: 200, contentType: HTML, body: page('Local calendar event', `<main><p class="muted">Local Google Calendar (fake) · ${escapeHtml(event.calendarId)}${event.status === 'cancelled' ? ' · deleted' : ''}</p><h1>${escapeHtml(event.summary)}</h1><pre>${escapeHtml(JSON.stringify({ start: event.start, end: event.end, description: event.description }, null, 2))}</pre></main>`) };
    }
    return calendarApi(req);
  };

  return { handle, events: () => [...events.values()].map(eventView), calendars: () => calendars };
};
export type FakeGoogle = ReturnType<typeof createGoogle>;
