import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { APP_CONFIG_PATH, type AppConfig } from '#shared/app-config';
import { API_PREFIX, routes, type RouteBody, type RouteName, type RouteParams, type RouteQuery, type RouteResponse, type Routes } from '#shared/routes';
import type { CreateTaskBody, Task, UpdateTaskBody } from '#shared/schemas/task';
import { baseUrl, codeIn, waitForMail } from './mail';
import { PASSWORD } from './pages';

/**
 * Arranging through the API, so a journey spends its time on what it tests: people are registered through the
 * same emulated Cognito the SPA uses (code from the mail catcher) and call the route table like the SPA does.
 */

export type Person = { email: string; token: string; uid: string };

let cognito: { client: CognitoIdentityProviderClient; clientId: string } | undefined;
const identity = async () => {
  if (!cognito) {
    const config = (await (await fetch(`${baseUrl()}${APP_CONFIG_PATH}`)).json()) as AppConfig;
    const endpoint = new URL(config.userPoolEndpoint ?? '', baseUrl()).toString();
    cognito = {
      client: new CognitoIdentityProviderClient({ endpoint, region: config.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
      clientId: config.userPoolClientId,
    };
  }
  return cognito;
};

const uidOf = (idToken: string) => (JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString()) as { sub: string }).sub;

/** Signs up, confirms with the emailed code and signs in: a person with an ID token for the API. */
export const register = async (email: string): Promise<Person> => {
  const { client, clientId } = await identity();
  await client.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: PASSWORD, UserAttributes: [{ Name: 'email', Value: email }] }));
  const code = codeIn(await waitForMail(email, /code/i));
  await client.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code }));
  const auth = await client.send(
    new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD } }),
  );
  const token = auth.AuthenticationResult?.IdToken;
  if (!token) throw new Error(`No ID token for ${email}`);
  return { email, token, uid: uidOf(token) };
};

type CallInput<N extends RouteName> = { params?: RouteParams<Routes[N]>; query?: RouteQuery<Routes[N]>; body?: RouteBody<Routes[N]> };

/** One route of the table as `who`; throws with the answer's body unless it is 2xx. */
export const call = async <N extends RouteName>(who: Person, name: N, input: CallInput<N> = {}): Promise<RouteResponse<Routes[N]>> => {
  const route = routes[name];
  const path = route.path.replace(/\{(\w+)\}/g, (_m, key: string) => encodeURIComponent(String((input.params as Record<string, unknown>)[key])));
  const search = new URLSearchParams(Object.entries(input.query ?? {}).filter(([, value]) => value !== undefined) as [string, string][]).toString();
  const response = await fetch(`${baseUrl()}${API_PREFIX}${path}${search ? `?${search}` : ''}`, {
    method: route.method,
    headers: { authorization: `Bearer ${who.token}`, ...(input.body ? { 'content-type': 'application/json' } : {}) },
    body: input.body ? JSON.stringify(input.body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as RouteResponse<Routes[N]>;
};

/** A registered person with a workspace of their own (its owner and admin, on day 0 of the trial). */
export const ownerWithWorkspace = async (email: string, name: string) => {
  const owner = await register(email);
  const membership = await call(owner, 'createWorkspace', { body: { name } });
  return { owner, workspaceId: membership.workspaces.uid };
};

/** `email` registers and joins the workspace with `role` through an invite, as the invite link would. */
export const joinAs = async (admin: Person, workspaceId: string, email: string, role: 'admin' | 'member' | 'external' = 'member') => {
  const invite = await call(admin, 'createInvite', { params: { workspaceId }, body: { email, role } });
  const person = await register(email);
  await call(person, 'acceptInvite', { params: { inviteUid: invite.uid } });
  return person;
};

/** Moves the functions' clock (the local stack's /_local/clock); 0 puts it back. */
export const setServerClock = async (offsetMs: number) => {
  const response = await fetch(`${baseUrl()}/_local/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offsetMs }),
  });
  if (!response.ok) throw new Error(`/_local/clock answered ${response.status}: ${await response.text()}`);
};

export const DAY_MS = 86_400_000;

/** A unique address per run, so journeys never see each other's data. */
export const unique = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** An owner with a workspace and one brand (created through the API, so the owner may open it). */
export const ownerWithBrand = async (email: string, workspaceName: string, brandName: string) => {
  const { owner, workspaceId } = await ownerWithWorkspace(email, workspaceName);
  const brand = await call(owner, 'createProject', { params: { workspaceId }, body: { name: brandName, phase: 'active' } });
  return { owner, workspaceId, brand };
};

/** A task in `projectUid`, as a To do task unless the body says otherwise. */
export const createTask = (who: Person, workspaceId: string, projectUid: string, body: Partial<CreateTaskBody> & { summary: string }) =>
  call(who, 'createTask', { params: { workspaceId }, body: { project_uid: projectUid, ...body } });

/** GET /tickets/{id}; with the workspace given (as the SPA sends it) a missing task is a 404 rather than a 403. */
export const getTask = (who: Person, uid: string, workspaceId?: string): Promise<Task> =>
  call(who, 'getTask', { params: { id: uid }, query: workspaceId ? { workspaceId } : {} });

export const updateTask = (who: Person, uid: string, patch: UpdateTaskBody): Promise<Task> => call(who, 'updateTask', { params: { id: uid }, body: patch });

/** Walks a task along allowed transitions, one PATCH per step (the server refuses jumps). */
export const moveTask = async (who: Person, uid: string, ...statuses: UpdateTaskBody['status'][]) => {
  for (const status of statuses) await updateTask(who, uid, { status });
};

/** A calendar day (YYYY-MM-DD) `days` from today in local time, as the SPA's calendar counts days. */
export const dayFromToday = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};
