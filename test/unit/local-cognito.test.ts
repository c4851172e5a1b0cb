import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RevokeTokenCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { passwordPolicyViolation, startCognito, type CodeMessage, type CognitoLocal } from '../../local/cognito';
import { createTokenVerifier } from '../../local/jwt-authorizer';
import { closeServer, listen } from '../../local/net';

/**
 * cognito-local as the SPA's Amplify and the SDK see it through the gateway mount, with the shims that make it
 * answer like a real user pool.
 */
let dir: string;
let cognito: CognitoLocal;
let server: Server;
let client: CognitoIdentityProviderClient;
const codes: CodeMessage[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cognito-test-'));
  cognito = await startCognito({ directory: dir, onCode: (message) => codes.push(message) });
  server = createServer((req, res) => {
    req.url = req.url!.replace(/^\/_local\/cognito/, '') || '/';
    cognito.handle(req, res);
  });
  const port = await listen(server, 0);
  client = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}/_local/cognito/`,
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
});

afterAll(async () => {
  client.destroy();
  await closeServer(server);
  rmSync(dir, { recursive: true, force: true });
});

const PASSWORD = 'Sturdy-pass-42';
const latestCode = (to: string) => codes.filter((c) => c.to === to).at(-1)!.code;

describe('local user pool', () => {
  it('signs up with an emailed code and issues ID tokens the gateway authorizer accepts', async () => {
    const email = 'new.person@example.com';
    const signedUp = await client.send(new SignUpCommand({ ClientId: cognito.clientId, Username: email, Password: PASSWORD }));
    expect(signedUp.UserConfirmed).toBe(false);
    expect(codes.at(-1)).toMatchObject({ source: 'SignUp', to: email, code: expect.stringMatching(/^\d{6}$/) });

    const unconfirmed = client.send(
      new InitiateAuthCommand({ ClientId: cognito.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD } }),
    );
    await expect(unconfirmed).rejects.toMatchObject({ name: 'UserNotConfirmedException' });

    await client.send(new ResendConfirmationCodeCommand({ ClientId: cognito.clientId, Username: email }));
    expect(codes.at(-1)).toMatchObject({ source: 'ResendCode', to: email });
    await client.send(new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: latestCode(email) }));

    const auth = await client.send(
      new InitiateAuthCommand({ ClientId: cognito.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD } }),
    );
    const verify = createTokenVerifier({ userPoolId: cognito.userPoolId, clientId: cognito.clientId, jwk: cognito.jwk });
    const claims = await verify(`Bearer ${auth.AuthenticationResult!.IdToken}`);
    expect(claims).toMatchObject({ email, email_verified: 'true', iss: cognito.issuer, aud: cognito.clientId, token_use: 'id' });
    expect(auth.AuthenticationResult).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600, RefreshToken: expect.any(String) });
  });

  it('answers a wrong password with NotAuthorizedException, like AWS', async () => {
    await cognito.createConfirmedUser('wrong.pw@example.com', PASSWORD);
    const attempt = client.send(
      new InitiateAuthCommand({
        ClientId: cognito.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'wrong.pw@example.com', PASSWORD: 'Not-the-pass-1' },
      }),
    );
    await expect(attempt).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('enforces the pool password policy on sign-up', async () => {
    const weak = client.send(new SignUpCommand({ ClientId: cognito.clientId, Username: 'weak@example.com', Password: 'alllowercase1!' }));
    await expect(weak).rejects.toMatchObject({ name: 'InvalidPasswordException', message: expect.stringContaining('uppercase') });
    expect(passwordPolicyViolation('Short-1', { MinimumLength: 8 })).toBe('Password not long enough');
    expect(passwordPolicyViolation('Demo-pass-1234', { MinimumLength: 8, RequireUppercase: true, RequireLowercase: true, RequireNumbers: true, RequireSymbols: true })).toBeUndefined();
  });

  it('refreshes with GetTokensFromRefreshToken (Amplify 6.22) and signs out without errors', async () => {
    await cognito.createConfirmedUser('refresh@example.com', PASSWORD);
    const auth = await cognito.signIn('refresh@example.com', PASSWORD);

    const refreshed = await client.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: auth.RefreshToken! }));
    expect(refreshed.AuthenticationResult).toMatchObject({ IdToken: expect.any(String), AccessToken: expect.any(String), ExpiresIn: 3600 });

    await expect(client.send(new GlobalSignOutCommand({ AccessToken: auth.AccessToken }))).resolves.toBeDefined();
    await expect(client.send(new RevokeTokenCommand({ ClientId: cognito.clientId, Token: auth.RefreshToken! }))).resolves.toBeDefined();
  });

  it('keeps the pool, client and users in its folder across restarts', async () => {
    const again = await startCognito({ directory: dir, onCode: () => undefined });
    expect(again.clientId).toBe(cognito.clientId);
    await expect(again.signIn('refresh@example.com', PASSWORD)).resolves.toMatchObject({ IdToken: expect.any(String) });
  });
});
