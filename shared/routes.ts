import * as z from 'zod/mini';
import type { FunctionAccess } from './access';
import type { Action } from './permissions';
import { empty, noParams } from './schemas/common';
import { billing, checkoutBody, checkoutSession, priceList, subscription, subscriptionParams, verifySubscriptionBody } from './schemas/billing';
import {
  createInviteBody,
  memberParams,
  profile,
  updateMemberBody,
  updateProfileBody,
  updateWorkspaceBody,
  workspaceInviteParams,
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
import { createProjectBody, grantProjectAccessBody, project, projectAccess, projectParams, updateProjectBody } from './schemas/project';

/**
 * Who may call a route.
 * - public: anyone; no token needed.
 * - user: any signed-in user.
 * - workspace: a joined member of the route's workspace whose role may do the route's `permission`
 *   (shared/permissions.ts). The workspace comes from the `workspaceId` path parameter, else the body's
 *   `workspaceId`, else the handler locates it from the item (e.g. a subscription).
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
    auth: 'workspace',
    permission: 'workspace.read',
    lockdown: 'exempt',
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
    auth: 'workspace',
    permission: 'team.read',
    lockdown: 'exempt',
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
    auth: 'workspace',
    permission: 'team.manage',
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
    auth: 'workspace',
    permission: 'time.read',
    params: workspaceParams,
    query: empty,
    body: empty,
    response: timeEntries,
    access: { table: 'read' },
    summary: "The workspace's time entries, newest first",
  }),
  listProjects: route({
    id: 'list-projects',
    method: 'GET',
    path: '/workspaces/{workspaceId}/projects',
    auth: 'workspace',
    permission: 'projects.read',
    params: workspaceParams,
    query: empty,
    body: empty,
    response: z.array(project),
    access: { table: 'read' },
    summary: "The workspace's projects (brands), each with has_permission for the caller",
  }),
  createProject: route({
    id: 'create-project',
    method: 'POST',
    path: '/workspaces/{workspaceId}/projects',
    auth: 'workspace',
    permission: 'projects.manage',
    params: workspaceParams,
    query: empty,
    body: createProjectBody,
    response: project,
    status: 201,
    access: { table: 'readWrite' },
    summary: 'Create a project; its slug (derived from the name when absent) is unique in the workspace; the caller owns it',
  }),
  updateProject: route({
    id: 'update-project',
    method: 'PATCH',
    path: '/workspaces/{workspaceId}/projects/{projectId}',
    auth: 'workspace',
    permission: 'projects.read',
    params: projectParams,
    query: empty,
    body: updateProjectBody,
    response: project,
    access: { table: 'readWrite' },
    summary: 'Edit a project (Manage Project): a project admin or a workspace admin; a new slug stays unique',
  }),
  requestProjectAccess: route({
    id: 'request-project-access',
    method: 'POST',
    path: '/workspaces/{workspaceId}/projects/{projectId}/access-requests',
    auth: 'workspace',
    permission: 'projects.read',
    params: projectParams,
    query: empty,
    body: empty,
    response: projectAccess,
    status: 201,
    access: { table: 'readWrite' },
    summary: 'Ask for access to a project the caller cannot open (answers the current access when already granted)',
  }),
  grantProjectAccess: route({
    id: 'grant-project-access',
    method: 'POST',
    path: '/workspaces/{workspaceId}/projects/{projectId}/users',
    auth: 'workspace',
    permission: 'projects.read',
    params: projectParams,
    query: empty,
    body: grantProjectAccessBody,
    response: projectAccess,
    status: 201,
    access: { table: 'readWrite' },
    summary: 'Give a workspace member access to a project: a project admin or a workspace admin',
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
  updateWorkspace: route({
    id: 'update-workspace',
    method: 'PATCH',
    path: '/workspaces/{workspaceId}',
    auth: 'workspace',
    permission: 'workspace.update',
    params: workspaceParams,
    query: empty,
    body: updateWorkspaceBody,
    response: workspace,
    access: { table: 'readWrite' },
    summary: 'Rename the workspace',
  }),
  deleteWorkspace: route({
    id: 'delete-workspace',
    method: 'DELETE',
    path: '/workspaces/{workspaceId}',
    auth: 'workspace',
    permission: 'workspace.delete',
    lockdown: 'exempt',
    params: workspaceParams,
    query: empty,
    body: empty,
    response: z.undefined(),
    status: 204,
    access: { table: 'readWrite' },
    summary: 'Delete a workspace the caller owns, unless it is the only one they own',
  }),
  getMember: route({
    id: 'get-member',
    method: 'GET',
    path: '/workspaces/{workspaceId}/users/{userId}',
    auth: 'workspace',
    permission: 'team.manage',
    lockdown: 'exempt',
    params: memberParams,
    query: empty,
    body: empty,
    response: teamMember,
    access: { table: 'read' },
    summary: "A team member's profile (admin: /profile/{uid})",
  }),
  updateMember: route({
    id: 'update-member',
    method: 'PATCH',
    path: '/workspaces/{workspaceId}/users/{userId}',
    auth: 'workspace',
    permission: 'team.manage',
    lockdown: 'exempt',
    params: memberParams,
    query: empty,
    body: updateMemberBody,
    response: teamMember,
    access: { table: 'readWrite' },
    summary: "Change a member's role; the workspace keeps at least one admin",
  }),
  removeMember: route({
    id: 'remove-member',
    method: 'DELETE',
    path: '/workspaces/{workspaceId}/users/{userId}',
    auth: 'workspace',
    permission: 'team.manage',
    lockdown: 'exempt',
    params: memberParams,
    query: empty,
    body: empty,
    response: z.undefined(),
    status: 204,
    access: { table: 'readWrite' },
    summary: 'Remove a member; never the last user nor the last admin',
  }),
  revokeInvite: route({
    id: 'revoke-invite',
    method: 'DELETE',
    path: '/workspaces/{workspaceId}/invites/{inviteUid}',
    auth: 'workspace',
    permission: 'team.manage',
    lockdown: 'exempt',
    params: workspaceInviteParams,
    query: empty,
    body: empty,
    response: z.undefined(),
    status: 204,
    access: { table: 'readWrite' },
    summary: 'Withdraw a pending invite; its link stops working',
  }),
  getProfile: route({
    id: 'get-profile',
    method: 'GET',
    path: '/me',
    auth: 'user',
    params: noParams,
    query: empty,
    body: empty,
    response: profile,
    access: { table: 'read' },
    summary: "The caller's profile",
  }),
  updateProfile: route({
    id: 'update-profile',
    method: 'PATCH',
    path: '/me',
    auth: 'user',
    params: noParams,
    query: empty,
    body: updateProfileBody,
    response: profile,
    access: { table: 'readWrite' },
    summary: "Change the caller's display name",
  }),
  getBilling: route({
    id: 'get-billing',
    method: 'GET',
    path: '/workspaces/{workspaceId}/billing',
    auth: 'workspace',
    permission: 'billing.read',
    lockdown: 'exempt',
    params: workspaceParams,
    query: empty,
    body: empty,
    response: billing,
    access: { table: 'read' },
    summary: 'Plan, status, dates and seats of the workspace (Plan And Billing page)',
  }),
  listPrices: route({
    id: 'list-prices',
    method: 'GET',
    path: '/billing/prices',
    auth: 'user',
    params: noParams,
    query: empty,
    body: empty,
    response: priceList,
    access: { stripe: true },
    summary: 'The Business plan prices from the Stripe catalogue',
  }),
  createCheckoutSession: route({
    id: 'create-checkout-session',
    method: 'POST',
    path: '/subscriptions/create-checkout-session',
    auth: 'workspace',
    permission: 'billing.manage',
    lockdown: 'exempt',
    params: noParams,
    query: empty,
    body: checkoutBody,
    response: checkoutSession,
    access: { table: 'read', stripe: true },
    summary: 'Start a Stripe Checkout for the Business plan with the chosen seats; the browser goes to its url',
  }),
  getSubscription: route({
    id: 'get-subscription',
    method: 'GET',
    path: '/subscriptions/{subscriptionId}',
    auth: 'workspace',
    permission: 'billing.read',
    lockdown: 'exempt',
    params: subscriptionParams,
    query: empty,
    body: empty,
    response: subscription,
    access: { table: 'read', stripe: true },
    summary: "The workspace's Stripe subscription with its seats (the workspace is located from the subscription)",
  }),
  verifySubscription: route({
    id: 'verify-subscription',
    method: 'POST',
    path: '/workspaces/{workspaceId}/subscription/verify',
    auth: 'workspace',
    permission: 'billing.manage',
    lockdown: 'exempt',
    params: workspaceParams,
    query: empty,
    body: verifySubscriptionBody,
    response: billing,
    access: { table: 'readWrite', stripe: true },
    summary: 'After checkout: read the subscription from Stripe now rather than wait for the webhook',
  }),
  stripeWebhook: route({
    id: 'stripe-webhook',
    method: 'POST',
    path: '/stripe/webhook',
    auth: 'public',
    params: noParams,
    query: empty,
    body: z.unknown(),
    response: z.object({ received: z.boolean() }),
    access: { table: 'readWrite', stripe: true },
    summary: 'Stripe events (signature checked on the raw body, deduped by event id, state re-fetched)',
  }),
} as const satisfies Record<string, RouteSpec>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export const routeList: readonly RouteSpec[] = Object.values(routes);

/** The API is mounted under this prefix on the app's origin (CloudFront in AWS, the local gateway locally). */
export const API_PREFIX = '/api';

/** The route key API Gateway matches (and puts in each event): method and the path mounted under the prefix. */
export const routeKeyOf = (route: Pick<RouteSpec, 'method' | 'path'>, prefix = API_PREFIX) => `${route.method} ${prefix}${route.path}`;

export type RouteParams<R extends RouteSpec> = z.output<R['params']>;
export type RouteQuery<R extends RouteSpec> = z.input<R['query']>;
export type RouteBody<R extends RouteSpec> = z.input<R['body']>;
export type RouteResponse<R extends RouteSpec> = z.output<R['response']>;
