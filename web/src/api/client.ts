import {
  API_PREFIX,
  routes,
  type HttpMethod,
  type RouteBody,
  type RouteName,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
  type Routes,
  type RouteSpec,
} from '#shared/routes';
import type { ErrorCode } from '#shared/errors';
import { ApiError, parseErrorBody } from './api-error';
import { buildPath, buildQuery } from './build-path';

/** What the client needs from the rest of the app; wired once at start so api/ depends on no feature. */
export type ApiClientHooks = {
  /** Resolves a fresh ID token once sign-in is settled; rejects when there is none. */
  getIdToken: () => Promise<string>;
  /** Called on a 401 answer or a failed token fetch: the app logs out. */
  onUnauthorized: () => void | Promise<void>;
  /** Called for every error the caller did not silence: the app shows a red notification. */
  onError: (error: ApiError) => void;
  /**
   * Called on any 402 workspace_inactive (silenced or not): the workspace's trial or subscription ended, the app
   * sends the user to the lockdown page. Such an answer is not also a red notification.
   */
  onWorkspaceInactive?: (error: ApiError) => void;
  /** The app's origin when the caller is elsewhere (the browser extension's pages); same origin when absent. */
  baseUrl?: string;
};

let hooks: ApiClientHooks | undefined;

export const configureApiClient = (value: ApiClientHooks) => {
  hooks = value;
};

const requireHooks = (): ApiClientHooks => {
  if (!hooks) throw new Error('The API client is used before configureApiClient()');
  return hooks;
};

/** Concurrent requests share one token fetch: they wait in the same queue. */
let tokenInFlight: Promise<string> | undefined;
const nextToken = (): Promise<string> => {
  tokenInFlight ??= requireHooks()
    .getIdToken()
    .finally(() => {
      tokenInFlight = undefined;
    });
  return tokenInFlight;
};

type RequestOptions = {
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
  /** Attach a Bearer ID token (every route but public ones). */
  auth?: boolean;
  /** false: the caller shows the error itself (an inline alert), so no notification. Default true. */
  notify?: boolean;
  signal?: AbortSignal;
};

const NETWORK_ERROR = 'network_error';
const WORKSPACE_INACTIVE: ErrorCode = 'workspace_inactive';

/** One HTTP exchange with the API under API_PREFIX, same origin. Throws ApiError on anything but 2xx. */
const request = async <T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> => {
  const { query, body, auth = true, notify = true, signal } = options;
  const { onUnauthorized, onError, onWorkspaceInactive, baseUrl = '' } = requireHooks();
  const fail = (error: ApiError): never => {
    if (error.code === WORKSPACE_INACTIVE && onWorkspaceInactive) onWorkspaceInactive(error);
    else if (notify) onError(error);
    throw error;
  };

  const headers: Record<string, string> = { accept: 'application/json' };
  if (auth) {
    try {
      headers.authorization = `Bearer ${await nextToken()}`;
    } catch {
      await onUnauthorized();
      throw new ApiError(401, 'unauthorized', 'No valid session');
    }
  }
  const hasBody = body !== undefined && method !== 'GET';
  if (hasBody) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${baseUrl}${API_PREFIX}${path}${buildQuery(query)}`, {
      method,
      headers,
      body: hasBody ? JSON.stringify(body) : undefined,
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    return fail(new ApiError(0, NETWORK_ERROR, 'The server could not be reached.'));
  }

  if (!response.ok) {
    const error = parseErrorBody(response.status, await response.text().catch(() => ''));
    if (response.status === 401) await onUnauthorized();
    return fail(error);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  // A route that produces a document (CSV, iCalendar) answers its text.
  if (response.headers.get('content-type')?.startsWith('text/')) return text as T;
  return (text ? JSON.parse(text) : undefined) as T;
};

/** True when `{}` is a valid value: the route has no (required) params or body. */
type IsEmpty<T> = {} extends T ? true : false;

/** The input of a route call: params and body are required exactly when the route has some. */
export type CallInput<N extends RouteName> = (IsEmpty<RouteParams<Routes[N]>> extends true
  ? { params?: RouteParams<Routes[N]> }
  : { params: RouteParams<Routes[N]> }) &
  (IsEmpty<RouteBody<Routes[N]>> extends true ? { body?: RouteBody<Routes[N]> } : { body: RouteBody<Routes[N]> }) & {
    query?: RouteQuery<Routes[N]>;
  } & Pick<RequestOptions, 'notify' | 'signal'>;

type CallArgs<N extends RouteName> =
  IsEmpty<RouteParams<Routes[N]>> extends true
    ? IsEmpty<RouteBody<Routes[N]>> extends true
      ? [input?: CallInput<N>]
      : [input: CallInput<N>]
    : [input: CallInput<N>];

/** The typed client of the ROUTE TABLE: `api.call('listTeam', { params, query })` → the route's response type. */
export const api = {
  call<N extends RouteName>(name: N, ...[input]: CallArgs<N>): Promise<RouteResponse<Routes[N]>> {
    const route: RouteSpec = routes[name];
    const path = buildPath(route.path, (input?.params ?? {}) as Record<string, unknown>);
    return request<RouteResponse<Routes[N]>>(route.method, path, {
      query: input?.query as Record<string, unknown> | undefined,
      body: route.method === 'GET' ? undefined : (input?.body ?? {}),
      auth: route.auth !== 'public',
      notify: input?.notify,
      signal: input?.signal,
    });
  },
};

export { ApiError, isApiError } from './api-error';
