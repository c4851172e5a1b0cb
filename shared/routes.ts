import * as z from 'zod/mini';
import type { FunctionAccess } from './access';
import { empty, noParams } from './schemas/common';
import {
  createInviteBody,
  createWorkspaceBody,
  invite,
  inviteParams,
  roleCatalogue,
  teamMember,
  teamQuery,
  timeEntries,
  workspace,
  workspaceListItem,
  workspaceParams,
} from './schemas/workspace';

/**
 * Who may call a route.
 * - public: anyone; no token needed.
 * - user: any signed-in user.
 * - member: a member of the workspace named by the `workspaceId` path parameter.
 * - admin: an admin of that workspace.
 */
export type AuthLevel = 'public' | 'user' | 'member' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route's Lambda may touch (see FunctionAccess). */
export type RouteAccess = FunctionAccess;

export type RouteSpec = {
  id: string;
  method: HttpMethod;
  /** Path under /api, with {param} placeholders as API Gateway writes them. */
  path: string;
  auth: AuthLevel;
  params: z.ZodMiniObject;
  query: z.ZodMiniObject;
  body: z.ZodMiniType;
  response: z.ZodMiniType;
  /** HTTP status of a successful answer. */
  status?: 200 | 201 | 204;
  access: RouteAccess;
  summary: string;
};

const route = <const R extends RouteSpec>(spec: R) => spec;

/**
 * The ROUTE TABLE. One entry per HTTP route: CDK makes one Lambda per entry from functions/http/<id>.ts,
 * the local gateway mounts the same entries, and the SPA's API client is typed from them.
 */
export const routes = {
  listRoles: route({
    id: 'list-roles',
    method: 'GET',
    path: '/roles',
    auth: 'user',
    params: noParams,
    query: empty,
    body: empty,
    response: roleCatalogue,
    access: {},
    summary: 'The roles a workspace member can have',
  }),
  listWorkspaces: route({
    id: 'list-workspaces',
    method: 'GET',
    path: '/workspaces',
    auth: 'user',
    params: noParams,
    query: empty,
    body: empty,
    response: z.array(workspaceListItem),
    access: { table: 'read' },
    summary: "The caller's workspaces with their role in each",
  }),
  createWorkspace: route({
    id: 'create-workspace',
    method: 'POST',
    path: '/workspaces',
    auth: 'user',
    params: noParams,
    query: empty,
    body: createWorkspaceBody,
    response: workspaceListItem,
    status: 201,
    access: { table: 'readWrite' },
    summary: 'Create a workspace; the caller becomes its owner and admin and the trial starts',
  }),
  getWorkspace: route({
    id: 'get-workspace',
    method: 'GET',
    path: '/workspaces/{workspaceId}',
    auth: 'member',
    params: workspaceParams,
    query: empty,
    body: empty,
    response: workspace,
    access: { table: 'read' },
    summary: 'Workspace details',
  }),
  listTeam: route({
    id: 'list-team',
    method: 'GET',
    path: '/workspaces/{workspaceId}/users/all',
    auth: 'member',
    params: workspaceParams,
    query: teamQuery,
    body: empty,
    response: z.array(teamMember),
    access: { table: 'read' },
    summary: 'Team members and pending invites, filtered by search, role and status',
  }),
  createInvite: route({
    id: 'create-invite',
    method: 'POST',
    path: '/workspaces/{workspaceId}/invites',
    auth: 'admin',
    params: workspaceParams,
    query: empty,
    body: createInviteBody,
    response: invite,
    status: 201,
    access: { table: 'readWrite', queues: ['email'] },
    summary: 'Invite a person by email; the invite link is emailed to them',
  }),
  listTimeEntries: route({
    id: 'list-time-entries',
    method: 'GET',
    path: '/workspaces/{workspaceId}/timetracking/entries',
    auth: 'member',
    params: workspaceParams,
    query: empty,
    body: empty,
    response: timeEntries,
    access: { table: 'read' },
    summary: "The workspace's time entries, newest first",
  }),
  getInvite: route({
    id: 'get-invite',
    method: 'GET',
    path: '/invites/{inviteUid}',
    auth: 'public',
    params: inviteParams,
    query: empty,
    body: empty,
    response: invite,
    access: { table: 'read' },
    summary: 'What an invite link is for, so its page can greet the invitee (the uid is the secret)',
  }),
  acceptInvite: route({
    id: 'accept-invite',
    method: 'POST',
    path: '/invites/{inviteUid}/accept',
    auth: 'user',
    params: inviteParams,
    query: empty,
    body: empty,
    response: workspaceListItem,
    access: { table: 'readWrite' },
    summary: 'Join the workspace of an invite sent to the caller’s email, in one transaction',
  }),
  listMyInvites: route({
    id: 'list-my-invites',
    method: 'GET',
    path: '/me/invites',
    auth: 'user',
    params: noParams,
    query: empty,
    body: empty,
    response: z.array(invite),
    access: { table: 'read' },
    summary: 'Pending invites sent to the caller’s email',
  }),
} as const satisfies Record<string, RouteSpec>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export const routeList: readonly RouteSpec[] = Object.values(routes);

/** The API is mounted under this prefix on the app's origin (CloudFront in AWS, the local gateway locally). */
export const API_PREFIX = '/api';

export type RouteParams<R extends RouteSpec> = z.output<R['params']>;
export type RouteQuery<R extends RouteSpec> = z.input<R['query']>;
export type RouteBody<R extends RouteSpec> = z.input<R['body']>;
export type RouteResponse<R extends RouteSpec> = z.output<R['response']>;
