import type { AppConfig } from '#shared/app-config';
import { isExtensionPath, LOGOUT_TOKEN, setTokenMessage } from '#shared/extension';
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { resolveUserPoolEndpoint } from '../../config/app-config';
import { toAuthFailure, type AuthFailure, type AuthStep } from './auth-errors';
import { useAuthStore, type AuthUser } from './auth-store';

/** Thrown by every auth action: a catalogue code for the UI plus the provider's message as a fallback. */
export class AuthActionError extends Error {
  readonly code: AuthFailure['code'];
  constructor(failure: AuthFailure) {
    super(failure.message);
    this.name = 'AuthActionError';
    this.code = failure.code;
  }
}

const guard = async <T>(step: AuthStep, action: () => Promise<T>): Promise<T> => {
  try {
    return await action();
  } catch (error) {
    if (error instanceof AuthActionError) throw error;
    throw new AuthActionError(toAuthFailure(error, step));
  }
};

/** Amplify Auth against the user pool of the runtime configuration; email is the username. */
export const configureAuth = (config: AppConfig) => {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        userPoolEndpoint: resolveUserPoolEndpoint(config.userPoolEndpoint, window.location.origin),
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
      },
    },
  });
};

type Session = { user: AuthUser; token: string; validated: boolean };

/** The current session from Amplify's token store (refreshed by Amplify when the ID token expired). */
const readSession = async (): Promise<Session | undefined> => {
  const { tokens } = await fetchAuthSession();
  const idToken = tokens?.idToken;
  if (!idToken) return undefined;
  const { sub, email, exp, name } = idToken.payload;
  if (typeof sub !== 'string') return undefined;
  const validated = typeof exp === 'number' && exp * 1000 > Date.now();
  const user: AuthUser = { uid: sub, email: typeof email === 'string' ? email : '', ...(typeof name === 'string' && name.trim() ? { name: name.trim() } : {}) };
  return { user, token: idToken.toString(), validated };
};

const adopt = (session: Session) => useAuthStore.getState().setSession(session.user, session.token, session.validated);

/** At start: picks up a session Amplify kept from an earlier visit, if it is still good. */
export const restoreSession = async () => {
  const store = useAuthStore.getState();
  store.setLoggingIn(true);
  try {
    const session = await readSession();
    if (session?.validated) adopt(session);
  } catch {
    // no session, or a refresh that failed: the user simply is not signed in
  } finally {
    store.setLoggingIn(false);
    store.setInitialized();
  }
};

const waitUntilSignInSettled = () =>
  new Promise<void>((resolve) => {
    if (!useAuthStore.getState().isLoggingIn) return resolve();
    const unsubscribe = useAuthStore.subscribe((state) => {
      if (state.isLoggingIn) return;
      unsubscribe();
      resolve();
    });
  });

/** A fresh ID token for an API call; waits for a sign-in under way. Rejects when there is no session. */
export const getIdToken = async (): Promise<string> => {
  await waitUntilSignInSettled();
  const session = await readSession();
  if (!session?.validated) throw new Error('No valid session');
  if (session.token !== useAuthStore.getState().token) useAuthStore.getState().setToken(session.token);
  return session.token;
};

/** Email + password sign-in with USER_PASSWORD_AUTH (the local Cognito emulator has no SRP). */
export const signInWithPassword = (email: string, password: string) =>
  guard('signIn', async () => {
    const store = useAuthStore.getState();
    store.setLoggingIn(true);
    try {
      const attempt = () =>
        signIn({ username: email.trim().toLowerCase(), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
      let result;
      try {
        result = await attempt();
      } catch (error) {
        // A stale session of another user: drop it and sign in again.
        if ((error as { name?: string }).name !== 'UserAlreadyAuthenticatedException') throw error;
        await signOut();
        result = await attempt();
      }
      if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') {
        throw new AuthActionError({ code: 'auth/user-not-confirmed', message: 'User is not confirmed.' });
      }
      if (!result.isSignedIn) {
        throw new AuthActionError({ code: undefined, message: `Unsupported sign-in step ${result.nextStep.signInStep}` });
      }
      const session = await readSession();
      if (!session) throw new AuthActionError({ code: 'internal_error', message: 'No session after sign-in' });
      adopt(session);
    } finally {
      store.setLoggingIn(false);
    }
  });

/**
 * Sign-up with the display name as the pool's `name` attribute: it travels in the ID token, so the first
 * sign-in (whichever device confirms) can put it on the profile (first-run.ts).
 */
export const signUpWithEmail = (email: string, password: string, name: string) =>
  guard('signUp', async () => {
    const username = email.trim().toLowerCase();
    return signUp({ username, password, options: { userAttributes: { email: username, name: name.trim() } } });
  });

export const confirmEmail = (email: string, code: string) =>
  guard('confirmSignUp', () => confirmSignUp({ username: email.trim().toLowerCase(), confirmationCode: code }));

export const resendConfirmationCode = (email: string) =>
  guard('confirmSignUp', () => resendSignUpCode({ username: email.trim().toLowerCase() }));

export const requestPasswordReset = (email: string) =>
  guard('resetPassword', () => resetPassword({ username: email.trim().toLowerCase() }));

export const confirmPasswordReset = (email: string, code: string, newPassword: string) =>
  guard('confirmResetPassword', () =>
    confirmResetPassword({ username: email.trim().toLowerCase(), confirmationCode: code, newPassword }),
  );

type LogoutHandler = () => void;
const logoutHandlers = new Set<LogoutHandler>();

/** Features register what to clear on logout; the app registers the navigation to /signin. */
export const onLogout = (handler: LogoutHandler) => {
  logoutHandlers.add(handler);
  return () => logoutHandlers.delete(handler);
};

type BeforeLogout = () => Promise<void>;
const beforeLogoutHandlers = new Set<BeforeLogout>();
/** What must run while the session still works (a device's push subscription removed); a logout waits at most this long. */
const BEFORE_LOGOUT_MS = 2_000;

/** Features register work that needs the session, done before the sign-out (errors ignored, time bounded). */
export const onBeforeLogout = (handler: BeforeLogout) => {
  beforeLogoutHandlers.add(handler);
  return () => beforeLogoutHandlers.delete(handler);
};

let loggingOut: Promise<void> | undefined;

/**
 * Logout (spec 4): sign out of the identity provider, clear every store, tell the extension (unless this is
 * one of its own /bex pages), then the registered handlers take the user to /signin. Concurrent calls (say,
 * several 401s at once) share one logout.
 */
export const logout = (): Promise<void> => {
  loggingOut ??= (async () => {
    await Promise.race([
      Promise.allSettled([...beforeLogoutHandlers].map((handler) => handler())),
      new Promise((resolve) => setTimeout(resolve, BEFORE_LOGOUT_MS)),
    ]);
    try {
      await signOut();
    } catch {
      // the local tokens are gone either way
    }
    useAuthStore.getState().reset({ loggedOut: true });
    for (const handler of logoutHandlers) handler();
    if (!isExtensionPath(window.location.pathname)) {
      window.postMessage(setTokenMessage(LOGOUT_TOKEN), window.location.origin);
    }
  })().finally(() => {
    loggingOut = undefined;
  });
  return loggingOut;
};
