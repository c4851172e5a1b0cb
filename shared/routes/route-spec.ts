import type * as z from 'zod/mini';
import type { FunctionAccess } from '../access';
import type { Action, ProjectAuth } from '../permissions';
import { empty } from '../schemas/common';

/**
 * Who may call a route.
 * - public: anyone; no token needed.
 * - user: any signed-in user.
 * - workspace: a joined member of the route's workspace whose role may do the route's `permission`
 *   (shared/permissions.ts). The workspace comes from the `workspaceId` path parameter, else the body's
 *   `workspaceId`, else the query's `workspaceId`, else the handler locates it from the item (a subscription, a task).
 */
export type AuthLevel = 'public' | 'user' | 'workspace';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route's Lambda may touch (see FunctionAccess). */
export type RouteAccess = FunctionAccess;

export type RouteSpec = {
  id: string;
  method: HttpMethod;
  /** Path under /api, with {param} placeholders as API Gateway writes them. */
  path: string;
  auth: AuthLevel;
  /** With auth 'workspace': the action of the permission matrix this route performs. */
  permission?: Action;
  /** 'exempt': usable while the workspace is locked (trial over, no paid plan), so admins can reach billing. */
  lockdown?: 'exempt';
  /** With auth 'workspace': also a role in the project of the `projectId` path parameter (shared/permissions.ts). */
  projectRole?: ProjectAuth;
  /**
   * With auth 'workspace', for a path that names a project but no workspace (/projects/{projectId}/…): the
   * workspace is the one holding that project, found among the caller's own workspaces by the wrapper
   * (a project of any other workspace is not found: 403), then checked like every other workspace route.
   */
  workspaceFrom?: 'project';
  params: z.ZodMiniObject;
  query: z.ZodMiniObject;
  body: z.ZodMiniType;
  response: z.ZodMiniType;
  /** HTTP status of a successful answer. */
  status?: 200 | 201 | 202 | 204;
  /**
   * A route that answers a document instead of JSON (a CSV export, an iCalendar feed): the handler returns the
   * text (response schema `z.string()`), sent as is with this type, and as a download named `filename` when set.
   */
  produces?: { contentType: 'text/csv' | 'text/calendar'; filename?: string };
  access: RouteAccess;
  summary: string;
};

/** The API is mounted under this prefix on the app's origin (CloudFront in AWS, the local gateway locally). */
export const API_PREFIX = '/api';

/** The request header that makes a create safe to retry (functions/lib/middleware/idempotency.ts). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The routes that take an Idempotency-Key: creates (POST answering 201) that write the table, for a signed-in caller. */
export const acceptsIdempotencyKey = (route: Pick<RouteSpec, 'method' | 'status' | 'auth' | 'access'>): boolean =>
  route.method === 'POST' && route.status === 201 && route.auth !== 'public' && route.access.table === 'readWrite';

/** What an entry may leave out: a route without params, query or body gets the empty object schema. */
export type RouteEntry = Omit<RouteSpec, 'params' | 'query' | 'body'> & Partial<Pick<RouteSpec, 'params' | 'query' | 'body'>>;

type Empty = typeof empty;
type Or<R, K extends string, Fallback> = R extends { [P in K]: infer S } ? S : Fallback;

/** The entry with its defaults, keeping each schema's own type so `z.output<R['body']>` stays exact. */
export type Defaulted<R extends RouteEntry> = Omit<R, 'params' | 'query' | 'body'> & {
  params: Or<R, 'params', Empty>;
  query: Or<R, 'query', Empty>;
  body: Or<R, 'body', Empty>;
} & {
  // The optional fields an entry left out, as `undefined`, so code over a union of entries can read `route.status`.
  [K in Exclude<keyof RouteSpec, keyof R | 'params' | 'query' | 'body'>]?: undefined;
};

/** Defines a route-table entry; omitted params, query and body default to the empty object schema. */
export const route = <const R extends RouteEntry>(entry: R): Defaulted<R> => {
  const withDefaults: RouteSpec = { params: empty, query: empty, body: empty, ...entry };
  // TypeScript cannot follow a spread through the conditional types of Defaulted; the object above is checked as a RouteSpec.
  return withDefaults as unknown as Defaulted<R>;
};
