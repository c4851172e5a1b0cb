import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { JwkWithKid } from 'aws-jwt-verify/jwk';
import { Router, type Route } from 'cognito-local/lib/server/Router.js';
import { createServer } from 'cognito-local/lib/server/server.js';
import { DateClock } from 'cognito-local/lib/services/clock.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import { attributesAppend, attributeValue, UserPoolServiceFactoryImpl, type User } from 'cognito-local/lib/services/userPoolService.js';
import { CognitoError } from 'cognito-local/lib/errors.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import { LOCAL } from './env';

/**
 * cognito-local 5.3 assembled from its modules (its createDefaultServer hard-codes ./.cognito and PORT), served
 * on the gateway's origin under /_local/cognito so the SPA's Amplify calls it same-origin.
 *
 * What differs from the stock server, each to behave like the real user pool:
 * - tokens are issued by https://cognito-idp.<region>.amazonaws.com/<pool id>, so aws-jwt-verify accepts them;
 * - codes (sign-up, resend, forgot password) go to `onCode` (the mail catcher) instead of the console;
 * - no Lambda triggers, which also keeps aws-sdk v2 (≈100 MB) out of the process;
 * - shims: GetTokensFromRefreshToken (Amplify 6.22 refreshes with it) → InitiateAuth REFRESH_TOKEN_AUTH,
 *   GlobalSignOut / RevokeToken → no-ops, ResendConfirmationCode (missing) implemented;
 * - a wrong password is NotAuthorizedException (cognito-local says InvalidPasswordException);
 * - the pool's password policy is enforced on SignUp, ConfirmForgotPassword, ChangePassword, AdminSetUserPassword;
 * - ConfirmSignUp / ConfirmForgotPassword mark the email verified, and `email_verified` in the ID token is the
 *   attribute's truth (cognito-local would turn the string "false" into true).
 */
export type CodeMessage = {
  source: 'SignUp' | 'ResendCode' | 'ForgotPassword' | 'AdminCreateUser' | 'Authentication' | 'UpdateUserAttribute' | 'VerifyUserAttribute';
  to: string;
  code: string;
};

export type AuthResult = { AccessToken: string; IdToken: string; RefreshToken?: string; ExpiresIn: number; TokenType: string };

export type CognitoLocal = {
  userPoolId: string;
  clientId: string;
  issuer: string;
  /** The public key tokens are signed with (what /<pool>/.well-known/jwks.json serves). */
  jwk: JwkWithKid;
  /** Serves a request whose URL has had the mount prefix removed. */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** Calls an API action in-process, e.g. call('AdminGetUser', {...}). */
  call: <T = Record<string, unknown>>(target: string, request: Record<string, unknown>) => Promise<T>;
  /** A confirmed user with a verified email and a permanent password; returns their sub. */
  createConfirmedUser: (email: string, password: string) => Promise<{ sub: string }>;
  signIn: (email: string, password: string) => Promise<AuthResult>;
  findUser: (email: string) => Promise<User | null>;
};

const require = createRequire(import.meta.url);
const cognitoRequire = createRequire(require.resolve('cognito-local/package.json'));
const publicKey = require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: JwkWithKid };

/** Token lifetimes like a CDK user pool client's defaults (1 h ID/access tokens, 30 days refresh). */
const TOKEN_MINUTES = 60;
const REFRESH_DAYS = 30;

type PasswordPolicy = {
  MinimumLength?: number;
  RequireUppercase?: boolean;
  RequireLowercase?: boolean;
  RequireNumbers?: boolean;
  RequireSymbols?: boolean;
};

/** The first rule `password` breaks, worded like Cognito's InvalidPasswordException. */
export const passwordPolicyViolation = (password: string, policy: PasswordPolicy = {}) => {
  if (password.length < (policy.MinimumLength ?? 8)) return 'Password not long enough';
  if (policy.RequireUppercase && !/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (policy.RequireLowercase && !/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (policy.RequireNumbers && !/[0-9]/.test(password)) return 'Password must have numeric characters';
  if (policy.RequireSymbols && !/[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/.test(password)) {
    return 'Password must have symbol characters';
  }
  return undefined;
};

export const startCognito = async ({
  directory,
  onCode,
  logLevel = 'error',
}: {
  directory: string;
  onCode: (message: CodeMessage) => void;
  logLevel?: string;
}): Promise<CognitoLocal> => {
  mkdirSync(directory, { recursive: true });
  const pino = cognitoRequire('pino') as typeof import('pino').default;
  const logger = pino({ level: logLevel });
  const ctx: Context = { logger };
  const issuerDomain = `https://cognito-idp.${LOCAL.region}.amazonaws.com`;
  const config = {
    LambdaClient: {},
    TriggerFunctions: {},
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: issuerDomain },
    KMSConfig: {},
    ServerConfig: { port: 0, hostname: '127.0.0.1', development: false, https: false as const },
  };

  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(directory);
  const cognito = await new CognitoServiceFactoryImpl(
    directory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);

  const triggers = { enabled: () => false } as unknown as Services['triggers'];
  const messages: Services['messages'] = {
    deliver: async (_ctx, source, _clientId, _userPoolId, _user, code, _metadata, details) => {
      if (details?.DeliveryMedium === 'EMAIL' && details.Destination) onCode({ source, to: details.Destination, code });
    },
  };
  const jwtGenerator = new JwtTokenGenerator(clock, triggers, config.TokenConfig);
  const tokenGenerator: Services['tokenGenerator'] = {
    generate: (genCtx, user, groups, client, metadata, source) =>
      jwtGenerator.generate(
        genCtx,
        { ...user, Attributes: (user.Attributes ?? []).filter((a) => a.Name !== 'email_verified' || a.Value === 'true') },
        groups,
        client,
        metadata,
        source,
      ),
  };
  const services = { clock, cognito, config, messages, otp, tokenGenerator, triggers } as unknown as Services;
  const route = Router(services);

  const poolForClient = (clientId: string) => cognito.getUserPoolForClientId(ctx, clientId);
  const checkPassword = async (password: unknown, pool: { options: { Policies?: { PasswordPolicy?: PasswordPolicy } } }) => {
    const violation = passwordPolicyViolation(String(password ?? ''), pool.options.Policies?.PasswordPolicy);
    if (violation) throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${violation}`);
  };
  const markEmailVerified = async (clientId: string, username: string) => {
    const pool = await poolForClient(clientId);
    const user = await pool.getUserByUsername(ctx, username);
    if (user) await pool.saveUser(ctx, { ...user, Attributes: attributesAppend(user.Attributes, { Name: 'email_verified', Value: 'true' }) });
  };
  const withTokenMeta = (result: { AuthenticationResult?: Record<string, unknown> }) =>
    result.AuthenticationResult
      ? { ...result, AuthenticationResult: { ...result.AuthenticationResult, TokenType: 'Bearer', ExpiresIn: TOKEN_MINUTES * 60 } }
      : result;
  const wrongPasswordIsNotAuthorized = async <T>(run: () => Promise<T>) => {
    try {
      return await run();
    } catch (error) {
      if ((error as { code?: string }).code === 'InvalidPasswordException') {
        throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
      }
      throw error;
    }
  };

  type Req = Record<string, any>;
  const shims: Record<string, (c: Context, req: Req) => Promise<unknown>> = {
    InitiateAuth: (c, req) => wrongPasswordIsNotAuthorized(() => route('InitiateAuth')(c, req)).then(withTokenMeta),
    AdminInitiateAuth: (c, req) => wrongPasswordIsNotAuthorized(() => route('AdminInitiateAuth')(c, req)).then(withTokenMeta),
    GetTokensFromRefreshToken: async (c, req) => {
      const out = await route('InitiateAuth')(c, {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: req.ClientId,
        AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
        ClientMetadata: req.ClientMetadata,
      });
      const { AccessToken, IdToken } = out.AuthenticationResult ?? {};
      return { AuthenticationResult: { AccessToken, IdToken, TokenType: 'Bearer', ExpiresIn: TOKEN_MINUTES * 60 } };
    },
    GlobalSignOut: async () => ({}),
    RevokeToken: async () => ({}),
    SignUp: async (c, req) => {
      await checkPassword(req.Password, await poolForClient(req.ClientId));
      return route('SignUp')(c, req);
    },
    ConfirmSignUp: async (c, req) => {
      const out = await route('ConfirmSignUp')(c, req);
      await markEmailVerified(req.ClientId, req.Username);
      return out;
    },
    ConfirmForgotPassword: async (c, req) => {
      await checkPassword(req.Password, await poolForClient(req.ClientId));
      const out = await route('ConfirmForgotPassword')(c, req);
      await markEmailVerified(req.ClientId, req.Username);
      return out;
    },
    ChangePassword: async (c, req) => {
      // One pool locally; ChangePassword names none (it carries an access token).
      await checkPassword(req.ProposedPassword, await cognito.getUserPool(c, LOCAL.userPoolId));
      return route('ChangePassword')(c, req);
    },
    AdminSetUserPassword: async (c, req) => {
      await checkPassword(req.Password, await cognito.getUserPool(c, req.UserPoolId));
      return route('AdminSetUserPassword')(c, req);
    },
    ResendConfirmationCode: async (c, req) => {
      const pool = await poolForClient(req.ClientId);
      const user = await pool.getUserByUsername(c, req.Username);
      if (!user) throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
      if (user.UserStatus === 'CONFIRMED') throw new CognitoError('InvalidParameterException', 'User is already confirmed.');
      const email = attributeValue('email', user.Attributes);
      if (!email) throw new CognitoError('InvalidParameterException', 'User has no email to send a code to.');
      const code = otp();
      const details = { AttributeName: 'email' as const, DeliveryMedium: 'EMAIL' as const, Destination: email };
      await messages.deliver(c, 'ResendCode', req.ClientId, pool.options.Id!, user, code, req.ClientMetadata, details);
      await pool.saveUser(c, { ...user, ConfirmationCode: code, UserLastModifiedDate: clock.get() });
      return { CodeDeliveryDetails: details };
    },
  };
  const router = (target: string): Route => {
    const shim = shims[target];
    return shim ? (c, req) => shim(c, req) : route(target);
  };
  const app = createServer(router, logger, config.ServerConfig, services).application as (
    req: IncomingMessage,
    res: ServerResponse,
  ) => void;

  // The pool and app client, created once and found again on restart.
  const userPoolId = LOCAL.userPoolId;
  const clientId = LOCAL.userPoolClientId;
  const existingPool = await Promise.resolve()
    .then(() => cognito.getUserPool(ctx, userPoolId))
    .catch(() => undefined);
  const pool = existingPool ?? (await (async () => {
    const now = clock.get();
    await cognito.createUserPool(ctx, {
      Id: userPoolId,
      Name: 'brandslate-local',
      Arn: `arn:aws:cognito-idp:${LOCAL.region}:${LOCAL.accountId}:userpool/${userPoolId}`,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      MfaConfiguration: 'OFF',
      CreationDate: now,
      LastModifiedDate: now,
    });
    return cognito.getUserPool(ctx, userPoolId);
  })());
  if (!(await cognito.getAppClient(ctx, clientId))) {
    const now = clock.get();
    await pool.saveAppClient(ctx, {
      ClientId: clientId,
      ClientName: 'brandslate-web',
      UserPoolId: userPoolId,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      EnableTokenRevocation: true,
      PreventUserExistenceErrors: 'ENABLED',
      AccessTokenValidity: TOKEN_MINUTES,
      IdTokenValidity: TOKEN_MINUTES,
      RefreshTokenValidity: REFRESH_DAYS,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
      CreationDate: now,
      LastModifiedDate: now,
    });
  }

  const call = async <T>(target: string, request: Record<string, unknown>) => (await router(target)(ctx, request)) as T;

  return {
    userPoolId,
    clientId,
    issuer: `${issuerDomain}/${userPoolId}`,
    jwk: publicKey.jwk,
    handle: (req, res) => app(req, res),
    call,
    createConfirmedUser: async (email, password) => {
      const created = await call<{ User: { Attributes: { Name: string; Value: string }[] } }>('AdminCreateUser', {
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      });
      await call('AdminSetUserPassword', { UserPoolId: userPoolId, Username: email, Password: password, Permanent: true });
      return { sub: attributeValue('sub', created.User.Attributes)! };
    },
    signIn: async (email, password) => {
      const out = await call<{ AuthenticationResult: AuthResult }>('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      });
      return out.AuthenticationResult;
    },
    findUser: (email) => pool.getUserByUsername(ctx, email),
  };
};
