import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CognitoIdentityProviderClient, ConfirmSignUpCommand, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '#shared/routes';
import { APP_CONFIG_PATH, type AppConfig } from '#shared/app-config';
import { startStack, type Stack } from '../../local/stack';
import { killStackProcess, startStackInChild, type StartedStack } from './support/stack-process';
import { eventually } from './support/deliveries';

/**
 * No lost send: the task and its pending delivery commit together, and the hand-off to the queue is the table's
 * stream. A stack that never hands off (run without its outbox poller) is killed right after the create's 201;
 * the next start on the same data reads the stream from its checkpoint and the delivery goes out, once.
 */


/** Signs a person up on the child's stack (code from its mail catcher) and answers a caller with their token. */
const signedUp = async ({ url, env }: StartedStack) => {
  const config = (await (await fetch(`${url}${APP_CONFIG_PATH}`)).json()) as AppConfig;
  const cognito = new CognitoIdentityProviderClient({ endpoint: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER, region: config.region, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  const email = `outbox-${Date.now()}@example.com`;
  const password = 'Correct-Horse-9';
  await cognito.send(new SignUpCommand({ ClientId: config.userPoolClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }));
  const mail = await eventually(
    async () => ((await (await fetch(`${url}/_local/mail/messages.json`)).json()) as { to: string | string[]; text: string }[]).find((m) => JSON.stringify(m.to).includes(email)),
    Boolean,
    15_000,
    'the sign-up code',
  );
  await cognito.send(new ConfirmSignUpCommand({ ClientId: config.userPoolClientId, Username: email, ConfirmationCode: /\b(\d{6})\b/.exec(mail!.text)![1]! }));
  const auth = await cognito.send(new InitiateAuthCommand({ ClientId: config.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }));
  cognito.destroy();
  const token = auth.AuthenticationResult!.IdToken!;
  return (base: string) => async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${API_PREFIX}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
};

describe('the outbox across a kill between commit and hand-off', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'brandslate-outbox-'));
  let restarted: Stack | undefined;
  afterAll(async () => {
    await restarted?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers a delivery committed before the process was killed, exactly once', async () => {
    const { child, started } = await startStackInChild(dataDir, ['--no-outbox']);
    const on = await signedUp(started);
    const call = on(started.url);
    const workspace = await call('POST', '/workspaces', { name: 'Outbox studio' });
    const workspaceId = workspace.body.workspaces.uid;
    const project = await call('POST', `/workspaces/${workspaceId}/projects`, { name: 'Outbox brand' });
    const recipient = `desk-${Date.now()}@example.com`;
    const integration = await call('POST', `/workspaces/${workspaceId}/projects/${project.body.uid}/integrations`, { type: 'email', name: 'Desk', settings: { recipients: [recipient] } });
    const task = await call('POST', `/workspaces/${workspaceId}/tickets`, { summary: 'Survives the kill', project_uid: project.body.uid, integrations: [integration.body.uid] });
    expect(task.status).toBe(201);
    expect((await call('GET', `/tickets/${task.body.uid}/deliveries`)).body.deliveries.map((d: any) => d.status)).toEqual(['pending']);
    await killStackProcess(child);

    restarted = await startStack({ dataDir });
    const mailTo = () => restarted!.mail.list().filter((mail) => JSON.stringify(mail.to).includes(recipient));
    await eventually(async () => mailTo().length, (n) => n >= 1, 30_000, 'the delivery email');
    const after = await on(restarted.url)('GET', `/tickets/${task.body.uid}/deliveries`);
    expect(after.body.deliveries[0]).toMatchObject({ status: 'sent', attempts: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(mailTo()).toHaveLength(1);
    // The hand-off's position is kept with the data, so a further start does not read the record again.
    expect(existsSync(join(dataDir, 'streams', 'outbox.json'))).toBe(true);
  }, 180_000);
});
