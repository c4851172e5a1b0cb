import { inject } from 'vitest';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { API_PREFIX } from '#shared/routes';
import { APP_CONFIG_PATH, type AppConfig } from '#shared/app-config';

export const baseUrl = () => inject('stackUrl');

export type ApiAnswer<T = any> = { status: number; body: T; headers: Headers };

/** Calls the API like the SPA does: JSON in, JSON out, an optional Bearer ID token. */
export const api = async <T = any>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string } = {},
): Promise<ApiAnswer<T>> => {
  const response = await fetch(`${baseUrl()}${API_PREFIX}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined || options.rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  // Documents (a CSV export, an iCalendar feed) come back as their text.
  const json = !response.headers.get('content-type')?.startsWith('text/');
  return { status: response.status, body: text ? (json ? JSON.parse(text) : text) : undefined, headers: response.headers };
};

export type Mail = { id: string; to: string[] | string; from: string; subject: string; text: string; html?: string; sentAt: string };

export const mailbox = async (to: string): Promise<Mail[]> => {
  const response = await fetch(`${baseUrl()}/_local/mail/messages.json`);
  const messages = (await response.json()) as Mail[];
  return messages.filter((m) => [m.to].flat().some((address) => address.toLowerCase() === to.toLowerCase()));
};

/** Waits for a mail to `to` whose subject matches; the email queue delivers asynchronously. */
export const waitForMail = async (to: string, subject: RegExp, timeoutMs = 15_000): Promise<Mail> => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const found = (await mailbox(to)).find((m) => subject.test(m.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
};

let appConfig: AppConfig | undefined;
const cognito = async () => {
  appConfig ??= (await (await fetch(`${baseUrl()}${APP_CONFIG_PATH}`)).json()) as AppConfig;
  return { client: new CognitoIdentityProviderClient({ endpoint: inject('cognitoEndpoint'), region: appConfig.region }), config: appConfig };
};

export const PASSWORD = 'Correct-Horse-9';

/** A unique email for one test, so tests never see each other's data. */
export const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

/** Signs a person up through Cognito, confirms with the code from the mail catcher, and signs in. */
export const registerUser = async (email: string) => {
  const { client, config } = await cognito();
  await client.send(
    new SignUpCommand({ ClientId: config.userPoolClientId, Username: email, Password: PASSWORD, UserAttributes: [{ Name: 'email', Value: email }] }),
  );
  const mail = await waitForMail(email, /code/i);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in mail: ${mail.text}`);
  await client.send(new ConfirmSignUpCommand({ ClientId: config.userPoolClientId, Username: email, ConfirmationCode: code }));
  return signIn(email);
};

export const signIn = async (email: string) => {
  const { client, config } = await cognito();
  const auth = await client.send(
    new InitiateAuthCommand({ ClientId: config.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD } }),
  );
  const token = auth.AuthenticationResult?.IdToken;
  if (!token) throw new Error('No ID token');
  return { email, token };
};

export type User = Awaited<ReturnType<typeof registerUser>>;

/** A fresh user with their own workspace, for tests that need one. */
export const userWithWorkspace = async (name: string, workspaceName = `${name}'s studio`) => {
  const user = await registerUser(uniqueEmail(name));
  const created = await api('POST', '/workspaces', { token: user.token, body: { name: workspaceName } });
  if (created.status !== 201) throw new Error(`create workspace: ${created.status} ${JSON.stringify(created.body)}`);
  return { ...user, workspaceId: created.body.workspaces.uid as string };
};
