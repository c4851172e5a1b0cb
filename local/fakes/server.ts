import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, HOST, listen, readRequestBytes, readRequestText } from '../net';
import { createAtlassian } from './atlassian';
import {
  FAKE_NAMES,
  createFailures,
  createRecorder,
  isFakeName,
  json,
  parseBody,
  validateFailureSpec,
  writeResponse,
  type FailureSpec,
  type FakeName,
  type FakeRequest,
  type FakeResponse,
} from './core';
import { createGoogle, googleErrorBody } from './google';
import { createDrive, driveErrorBody, isDriveScope } from './drive';
import { createInstagram, instagramInjected } from './instagram';
import { createYouTube, isYouTubeScope, youtubeErrorBody } from './youtube';
import { createJira, jiraBasicOk, jiraErrorBody, LOCAL_JIRA } from './jira';
import { createMonday, LOCAL_MONDAY, mondayErrorBody } from './monday';
import { createOAuthServer, type OAuthClient } from './oauth';
import { renderIntegrationsPage } from './page';
import { sitePage } from './site';
import { socialPage } from './social';
import { createSlack, LOCAL_SLACK, slackFailure } from './slack';
import { createWebhookReceiver } from './webhook-receiver';
import { createPushService } from './push';

/**
 * The fake providers of the local stack: one HTTP server on its own random loopback port (not the gateway's),
 * serving /jira, /slack, /monday, /google, /atlassian and /webhook/<name>, each the subset of the real API the
 * provider clients call, with the real status codes and error bodies. A control API (/_control on this port, and
 * mounted on the gateway at /_local/integrations) injects failures per fake and reads or clears what each fake
 * received; the human page at /_local/integrations lists it and says what to enter on the integrations page.
 */
export type OAuthProvider = 'google' | 'atlassian' | 'slack' | 'instagram';

export type FakeProvidersOptions = {
  /** 0 (default) = a random free port. */
  port?: number;
  /** The OAuth app credentials the fakes accept (the local stack gives the same to the functions). */
  oauthClients?: Partial<Record<OAuthProvider, OAuthClient>>;
  /**
   * Signs the OAuth tokens and derives the OAuth apps' credentials. Kept with the data folder, so integrations
   * connected before a restart keep working; random (everything dies with the process) when omitted.
   */
  key?: Buffer;
  /** Draws for failure injection (tests make them deterministic). */
  random?: () => number;
};

export type ProviderUrls = {
  slackApi: string;
  mondayApi: string;
  googleApi: string;
  googleOAuth: string;
  googleToken: string;
  atlassianAuth: string;
  atlassianApi: string;
  instagramOAuth: string;
  instagramToken: string;
  instagramGraph: string;
  jiraSite: string;
  slackWebhook: string;
  webhook: (name: string) => string;
};

export type FakeProviders = ReturnType<typeof buildFakes> & {
  /** Origin of the fakes' own server, e.g. http://127.0.0.1:41234. */
  url: string;
  /** host:port, the entry the outbound allow-list needs. */
  host: string;
  port: number;
  urls: ProviderUrls;
  /** Serves the page and the control API below a gateway mount (e.g. /_local/integrations). */
  handleMount: (req: IncomingMessage, res: ServerResponse, url: URL, basePath: string) => Promise<void>;
  stop: () => Promise<void>;
};

const buildFakes = (options: FakeProvidersOptions) => {
  const key = options.key ?? randomBytes(32);
  const derived = (label: string) => createHmac('sha256', key).update(`fake-providers:${label}`).digest();
  const client = (name: OAuthProvider): OAuthClient =>
    options.oauthClients?.[name] ?? { clientId: `local-${name}-client-${derived(`${name}-id`).toString('hex').slice(0, 8)}`, clientSecret: derived(`${name}-secret`).toString('base64url') };
  const oauthClients: Record<OAuthProvider, OAuthClient> = { google: client('google'), atlassian: client('atlassian'), slack: client('slack'), instagram: client('instagram') };
  const signingKey = derived('tokens');
  const oauth = {
    google: createOAuthServer({ title: 'Google Calendar', titleFor: googleConsentTitle, client: oauthClients.google, consentPath: '/google/o/oauth2/consent', accessTtlSeconds: 3600, issueRefreshTokens: true, rotateRefreshTokens: false, accessPrefix: 'ya29.local-', signingKey }),
    atlassian: createOAuthServer({ title: 'Atlassian (Jira)', client: oauthClients.atlassian, consentPath: '/atlassian/consent', accessTtlSeconds: 3600, issueRefreshTokens: true, rotateRefreshTokens: true, accessPrefix: 'eyJ.local-', signingKey }),
    slack: createOAuthServer({ title: 'Slack', client: oauthClients.slack, consentPath: '/slack/oauth/v2/consent', issueRefreshTokens: false, rotateRefreshTokens: false, accessPrefix: 'xoxb-local-', signingKey }),
  };
  const jira = createJira();
  const slack = createSlack(oauth.slack);
  const monday = createMonday();
  const google = createGoogle(oauth.google);
  const atlassian = createAtlassian(oauth.atlassian, jira);
  const instagram = createInstagram({ client: oauthClients.instagram, signingKey });
  const youtube = createYouTube(oauth.google);
  const drive = createDrive(oauth.google);
  const receiver = createWebhookReceiver();
  const push = createPushService();
  const recorder = createRecorder();
  const failures = createFailures(options.random);
  return { oauthClients, oauth, jira, slack, monday, google, atlassian, instagram, youtube, drive, receiver, push, recorder, failures };
};

/** One Google consent serves Calendar, YouTube and Drive: the page names what the scope asks for. */
const googleConsentTitle = (scope: string) => (scope.includes('/auth/youtube') ? 'YouTube' : scope.includes('/auth/drive') ? 'Google Drive' : 'Google Calendar');

type Route = { fake: FakeName; rest: string; api: boolean };

/** Which fake a path belongs to, the path below its prefix, and whether it is an API call (failures apply) or a page. */
const route = (pathname: string): Route | undefined => {
  // The Google client joins its API paths to the root URL's origin (new URL('/calendar/v3/…', rootUrl)), so the
  // Calendar API is served at the origin's /calendar/v3, as www.googleapis.com serves it.
  if (pathname.startsWith('/calendar/v3/')) return { fake: 'google', rest: pathname, api: true };
  // YouTube Data and Drive the same way; a Drive folder's page (its webViewLink) is a page, not an API call.
  if (pathname.startsWith('/youtube/v3/')) return { fake: 'youtube', rest: pathname, api: true };
  if (pathname.startsWith('/drive/v3/')) return { fake: 'drive', rest: pathname, api: true };
  if (pathname.startsWith('/drive/folders/')) return { fake: 'drive', rest: pathname, api: false };
  const match = /^\/(jira|slack|monday|google|atlassian|webhook|push|instagram)(\/.*)?$/.exec(pathname);
  if (!match || !isFakeName(match[1]!)) return undefined;
  const fake = match[1];
  const rest = match[2] ?? '/';
  const page =
    (fake === 'jira' && rest.startsWith('/browse/')) ||
    (fake === 'slack' && (rest.startsWith('/archives/') || rest.startsWith('/oauth/v2/'))) ||
    (fake === 'monday' && rest.startsWith('/boards/')) ||
    (fake === 'google' && (rest.startsWith('/o/oauth2/') || rest === '/calendar/event')) ||
    (fake === 'atlassian' && (rest === '/authorize' || rest === '/consent')) ||
    (fake === 'instagram' && (rest === '/oauth/authorize' || rest === '/oauth/consent')) ||
    // The push service's own endpoints only: subscribing and reading what arrived are the browser's and the tests' side.
    (fake === 'push' && !rest.startsWith('/send/'));
  return { fake, rest, api: !page };
};

const injected = (fakes: ReturnType<typeof buildFakes>, fake: FakeName, rest: string, spec: FailureSpec): FakeResponse => {
  const status = spec.status ?? 500;
  const retryAfter = spec.retryAfter ?? 30;
  const retryHeader = status === 429 || status === 503 ? { 'retry-after': String(retryAfter) } : undefined;
  switch (fake) {
    case 'jira':
      return { status, body: jiraErrorBody(status), headers: retryHeader };
    case 'atlassian':
      return rest.startsWith('/ex/jira/') ? { status, body: jiraErrorBody(status), headers: retryHeader } : { status, body: { code: status, message: 'Injected failure' }, headers: retryHeader };
    case 'slack':
      return slackFailure(status, retryAfter, rest.startsWith('/services/'));
    case 'monday':
      return { status, body: mondayErrorBody(status, retryAfter), headers: retryHeader };
    case 'google':
      return { status, body: googleErrorBody(status), headers: retryHeader };
    case 'instagram':
      return instagramInjected(status, spec, rest, fakes.instagram.usageHeaders);
    case 'youtube':
      return { status, body: youtubeErrorBody(status), headers: retryHeader };
    case 'drive':
      return { status, body: driveErrorBody(status), headers: retryHeader };
    case 'webhook':
    case 'push':
      return { status, body: `injected failure (${status})`, headers: retryHeader };
  }
};

export const startFakeProviders = async (options: FakeProvidersOptions = {}): Promise<FakeProviders> => {
  const fakes = buildFakes(options);
  const held = new Set<ServerResponse>();
  let origin = '';

  const dispatch = async (r: Route, req: FakeRequest, raw: Buffer): Promise<FakeResponse> => {
    const { rest } = r;
    switch (r.fake) {
      case 'jira':
        if (req.method === 'GET' && rest.startsWith('/browse/')) return fakes.jira.browse(decodeURIComponent(rest.slice('/browse/'.length)));
        if (!jiraBasicOk(req)) return json(401, jiraErrorBody(401), { summary: `${req.method} ${rest}: unauthenticated` });
        return fakes.jira.handleApi({ ...req, path: rest }, `${req.origin}/jira`);
      case 'slack': {
        const method = /^\/api\/([\w.]+)$/.exec(rest)?.[1];
        if (method) return fakes.slack.method(method, req);
        if (req.method === 'GET' && rest === '/oauth/v2/authorize') return fakes.oauth.slack.authorizePage(req);
        if (req.method === 'POST' && rest === '/oauth/v2/consent') return fakes.oauth.slack.consent(req);
        if (rest.startsWith('/services/')) return fakes.slack.incomingWebhook({ ...req, path: rest });
        const archive = /^\/archives\/([^/]+)\/(p\d+)$/.exec(rest);
        if (archive) return fakes.slack.archive(archive[1]!, archive[2]!);
        return { status: 404, body: 'not_found' };
      }
      case 'monday': {
        const item = /^\/boards\/(\d+)\/pulses\/(\d+)$/.exec(rest);
        if (item) return fakes.monday.itemPage(item[1]!, item[2]!);
        return fakes.monday.handle({ ...req, path: rest });
      }
      case 'google':
        return fakes.google.handle({ ...req, path: rest });
      case 'atlassian':
        return fakes.atlassian({ ...req, path: rest });
      case 'webhook':
        return fakes.receiver.handle({ ...req, path: rest });
      case 'push':
        return fakes.push.handle({ ...req, path: rest }, raw);
      case 'instagram':
        return fakes.instagram.handle({ ...req, path: rest });
      case 'youtube':
        return fakes.youtube.handle({ ...req, path: rest });
      case 'drive':
        return fakes.drive.handle({ ...req, path: rest });
    }
  };

  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname.startsWith('/_control/') || url.pathname === '/_control') {
      return handleControl(req, res, url, url.pathname.slice('/_control'.length));
    }
    // A brand's website (brand voice from a website): plain pages, not a provider API, so nothing is recorded.
    if (req.method === 'GET' && (url.pathname === '/site' || url.pathname.startsWith('/site/'))) return writeResponse(res, sitePage(url.pathname.slice('/site'.length), url.searchParams));
    // The social web of the posts (local/fakes/social.ts): post pages with oEmbed or OpenGraph, as public platforms serve them.
    if (req.method === 'GET' && url.pathname.startsWith('/social/')) return writeResponse(res, await socialPage(url.pathname.slice('/social'.length), url.searchParams));
    const r = route(url.pathname);
    if (!r) return writeResponse(res, json(404, { message: `No fake provider at ${url.pathname}` }));
    const raw = await readRequestBytes(req, 5 * 1024 * 1024);
    const text = r.fake === 'push' ? '' : raw.toString('utf8');
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: r.rest,
      query: url.searchParams,
      headers: req.headers,
      text,
      body: parseBody(text, req.headers['content-type']),
      origin,
    };
    const draw = r.api ? fakes.failures.draw(r.fake) : { delayMs: 0, outcome: 'pass' as const };
    if (draw.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, draw.delayMs));
    const record = { fake: r.fake, method: request.method, path: url.pathname, body: request.body ?? (text ? text.slice(0, 2000) : undefined) };
    if (draw.outcome === 'timeout') {
      fakes.recorder.add({ ...record, status: null, injected: 'timeout', summary: 'no answer (injected timeout)' });
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    const answer = draw.outcome === 'failure' ? { ...injected(fakes, r.fake, r.rest, draw.spec!), summary: `injected ${draw.spec!.status ?? 500}` } : await dispatch(r, request, raw);
    // Requests whose only purpose is showing a page to a person are not worth a row.
    if (r.api || request.method === 'POST') {
      fakes.recorder.add({ ...record, status: answer.status, ...(draw.outcome === 'failure' ? { injected: 'failure' as const } : {}), summary: answer.summary, detail: answer.detail });
    }
    writeResponse(res, answer);
  };

  const control = createControl(fakes, () => urls);

  /** The control API and the page. `rest` is the path below the mount (/_control here, /_local/integrations on the gateway). */
  const handleControl = async (req: IncomingMessage, res: ServerResponse, url: URL, rest: string, basePath = '/_control') => {
    const text = req.method === 'GET' || req.method === 'HEAD' ? '' : await readRequestText(req, 64 * 1024);
    const answer = control(req.method ?? 'GET', rest.replace(/\/$/, ''), url.searchParams, parseBody(text, req.headers['content-type']), basePath);
    writeResponse(res, answer);
  };

  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      console.error('[fakes] request failed', error);
      if (!res.headersSent) writeResponse(res, json(500, { message: 'The fake provider failed' }));
      else res.destroy();
    });
  });
  const port = await listen(server, options.port ?? 0);
  origin = `http://${HOST}:${port}`;
  const urls: ProviderUrls = {
    slackApi: `${origin}/slack/api/`,
    mondayApi: `${origin}/monday/v2`,
    googleApi: origin,
    googleOAuth: `${origin}/google`,
    googleToken: `${origin}/google/token`,
    atlassianAuth: `${origin}/atlassian`,
    atlassianApi: `${origin}/atlassian`,
    instagramOAuth: `${origin}/instagram`,
    instagramToken: `${origin}/instagram/oauth/access_token`,
    instagramGraph: `${origin}/instagram/graph`,
    jiraSite: `${origin}/jira`,
    slackWebhook: `${origin}/slack${LOCAL_SLACK.webhookPath}`,
    webhook: (name) => `${origin}/webhook/${encodeURIComponent(name)}`,
  };
  return {
    ...fakes,
    url: origin,
    host: `${HOST}:${port}`,
    port,
    urls,
    handleMount: (req: IncomingMessage, res: ServerResponse, url: URL, basePath: string) =>
      handleControl(req, res, url, url.pathname.slice(basePath.length), basePath).catch((error: unknown) => {
        console.error('[fakes] control request failed', error);
        if (!res.headersSent) writeResponse(res, json(500, { message: 'The control API failed' }));
      }),
    stop: async () => {
      for (const res of held) res.destroy();
      await closeServer(server);
    },
  };
};

const createControl = (fakes: ReturnType<typeof buildFakes>, urls: () => ProviderUrls) => {
  const fakeParam = (query: URLSearchParams): FakeName | undefined | 'bad' => {
    const name = query.get('fake');
    if (!name) return undefined;
    return isFakeName(name) ? name : 'bad';
  };
  const seeOther = (basePath: string): FakeResponse => ({ status: 303, headers: { location: basePath || '/' } });

  return (method: string, rest: string, query: URLSearchParams, body: Record<string, unknown> | undefined, basePath: string): FakeResponse => {
    if (rest === '' && method === 'GET') {
      return { status: 200, contentType: 'text/html; charset=utf-8', headers: PAGE_HEADERS, body: renderIntegrationsPage(fakes, urls(), basePath) };
    }
    if (rest === '/received.json') {
      const fake = fakeParam(query);
      if (fake === 'bad') return json(400, { message: `fake must be one of ${FAKE_NAMES.join(', ')}` });
      if (method === 'GET') return json(200, fakes.recorder.list(fake));
      if (method === 'DELETE') {
        fakes.recorder.clear(fake);
        if (!fake) fakes.receiver.clear();
        return json(200, { cleared: fake ?? 'all' });
      }
    }
    if (rest === '/state.json' && method === 'GET') {
      return json(200, {
        jira: { issues: fakes.jira.issues() },
        slack: { messages: fakes.slack.messages() },
        monday: { items: fakes.monday.items() },
        google: { events: fakes.google.events() },
        instagram: fakes.instagram.state(),
        youtube: fakes.youtube.state(),
        drive: fakes.drive.state(),
        webhooks: fakes.receiver.stats(),
        failures: fakes.failures.all(),
      });
    }
    if (rest === '/failures.json' && method === 'GET') return json(200, fakes.failures.all());
    if (rest === '/failures' && method === 'DELETE') {
      fakes.failures.clear();
      return json(200, { cleared: 'all' });
    }
    const failure = /^\/failures\/(\w+)$/.exec(rest);
    if (failure) {
      const fake = failure[1]!;
      if (fake === 'set' && method === 'POST') {
        // The page's form: strings to numbers; an empty rate clears the fake's failures.
        const form = (body ?? {}) as Record<string, string>;
        if (!form.fake || !isFakeName(form.fake)) return json(400, { message: 'fake must name a fake provider' });
        if (!form.rate && !form.timeoutRate && !form.delayMs) {
          fakes.failures.clear(form.fake);
          return seeOther(basePath);
        }
        const spec = validateFailureSpec(Object.fromEntries(Object.entries(form).filter(([k, v]) => k !== 'fake' && v !== '').map(([k, v]) => [k, Number(v)])));
        if (typeof spec === 'string') return json(400, { message: spec });
        fakes.failures.set(form.fake, spec);
        return seeOther(basePath);
      }
      if (!isFakeName(fake)) return json(404, { message: `No fake named ${fake}` });
      if (method === 'PUT') {
        const spec = validateFailureSpec(body);
        if (typeof spec === 'string') return json(400, { message: spec });
        fakes.failures.set(fake, spec);
        return json(200, { [fake]: spec });
      }
      if (method === 'DELETE') {
        fakes.failures.clear(fake);
        return json(200, { cleared: fake });
      }
      if (method === 'GET') return json(200, fakes.failures.get(fake) ?? {});
    }
    if (rest === '/webhooks/register' && method === 'POST') {
      const form = (body ?? {}) as Record<string, string>;
      if (!form.name || !/^[\w.-]{1,64}$/.test(form.name)) return json(400, { message: 'name must be 1-64 letters, digits, dots, dashes or underscores' });
      if (!form.secret?.startsWith('whsec_')) return json(400, { message: 'secret must be the whsec_… secret the integration showed' });
      fakes.receiver.register(form.name, [form.secret.trim()]);
      return seeOther(basePath);
    }
    const receiver = /^\/webhooks\/([\w.-]{1,64})$/.exec(rest);
    if (receiver) {
      const name = receiver[1]!;
      if (method === 'PUT') {
        const list = Array.isArray(body?.secrets) ? body.secrets : typeof body?.secret === 'string' ? [body.secret] : [];
        if (list.length === 0 || list.some((s) => typeof s !== 'string' || !s.startsWith('whsec_'))) return json(400, { message: 'secrets must be whsec_… strings' });
        fakes.receiver.register(name, list as string[]);
        return json(200, { receiver: name, secrets: list.length });
      }
      if (method === 'GET') return json(200, { receiver: name, registered: fakes.receiver.isRegistered(name), ...fakes.receiver.stats(name) });
    }
    const expire = /^\/tokens\/(google|atlassian|slack|instagram)\/expire$/.exec(rest);
    if (expire && method === 'POST') {
      if (expire[1] === 'instagram') fakes.instagram.expireTokens();
      else fakes.oauth[expire[1] as Exclude<OAuthProvider, 'instagram'>].expireAccessTokens();
      return json(200, { expired: expire[1] });
    }
    const social = socialControl(fakes, method, rest, body);
    // The page's forms send back=1: a person returns to the page, a test reads the JSON.
    if (social) return body?.back && social.status < 400 ? seeOther(basePath) : social;
    return json(404, { message: `No control endpoint ${method} ${rest}` });
  };
};

/** Whole number from a control body's field, within bounds; undefined when absent; a message when wrong. */
const wholeField = (body: Record<string, unknown> | undefined, name: string, min: number, max: number): number | undefined | string => {
  const value = body?.[name];
  if (value === undefined || value === '') return undefined;
  const n = typeof value === 'string' ? Number(value) : value;
  return Number.isInteger(n) && (n as number) >= min && (n as number) <= max ? (n as number) : `${name} must be a whole number from ${min} to ${max}`;
};

/**
 * The connected accounts' controls (tests and the page): POST /instagram/media {count} (new posts appear),
 * PUT|POST /instagram/usage {percent} (the usage headers' figure; 100 refuses calls), POST /<fake>/revoke (the
 * person removed the app: every token so far refused until the next consent), POST /<fake>/reset (the seed again).
 */
const socialControl = (fakes: ReturnType<typeof buildFakes>, method: string, rest: string, body: Record<string, unknown> | undefined): FakeResponse | undefined => {
  if (method !== 'POST' && method !== 'PUT') return undefined;
  if (rest === '/instagram/media') {
    const count = wholeField(body, 'count', 1, 500);
    if (typeof count === 'string') return json(400, { message: count });
    const added = fakes.instagram.addMedia(count ?? 1);
    return json(200, { added: added.map((m) => m.id), media: fakes.instagram.state().media.length });
  }
  if (rest === '/instagram/usage') {
    const percent = wholeField(body, 'percent', 0, 100);
    if (typeof percent !== 'number') return json(400, { message: percent ?? 'percent must be a whole number from 0 to 100' });
    fakes.instagram.setUsage(percent);
    return json(200, { usage: percent });
  }
  if (rest === '/instagram/revoke') {
    fakes.instagram.revoke();
    return json(200, { revoked: 'instagram' });
  }
  if (rest === '/instagram/reset') {
    fakes.instagram.reset();
    return json(200, { reset: 'instagram' });
  }
  if (rest === '/youtube/videos') {
    const count = wholeField(body, 'count', 1, 500);
    if (typeof count === 'string') return json(400, { message: count });
    const added = fakes.youtube.addVideos(count ?? 1);
    return json(200, { added: added.map((v) => v.id), videos: fakes.youtube.state().videos.length });
  }
  if (rest === '/youtube/quota') {
    const remaining = wholeField(body, 'remaining', 0, 1_000_000);
    if (typeof remaining !== 'number') return json(400, { message: remaining ?? 'remaining must be a whole number from 0 to 1000000' });
    fakes.youtube.setQuota(remaining);
    return json(200, { quotaLeft: remaining });
  }
  // The Google consent is shared: revoking YouTube ends the YouTube grants only (Calendar and Drive keep theirs).
  if (rest === '/youtube/revoke') {
    fakes.oauth.google.revoke(isYouTubeScope);
    return json(200, { revoked: 'youtube' });
  }
  if (rest === '/youtube/reset') {
    const videos = wholeField(body, 'videos', 0, 500);
    if (typeof videos === 'string') return json(400, { message: videos });
    fakes.youtube.reset(videos);
    return json(200, { reset: 'youtube', videos: fakes.youtube.state().videos.length });
  }
  if (rest === '/drive/revoke') {
    fakes.oauth.google.revoke(isDriveScope);
    return json(200, { revoked: 'drive' });
  }
  if (rest === '/drive/trash') {
    const id = typeof body?.id === 'string' ? body.id : '';
    return fakes.drive.trash(id) ? json(200, { trashed: id }) : json(404, { message: `No Drive file ${id || '(no id)'}` });
  }
  if (rest === '/drive/reset') {
    fakes.drive.reset();
    return json(200, { reset: 'drive' });
  }
  return undefined;
};

const PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
};

export { LOCAL_JIRA, LOCAL_MONDAY, LOCAL_SLACK };
