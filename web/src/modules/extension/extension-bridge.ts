import { setTokenMessage } from '#shared/extension';
import { selectIsAuthenticated, useAuthStore } from '../auth/auth-store';

/**
 * Hands the session to the browser extension (spec 4): each new ID token (after sign-in, at start when a session is
 * restored, after a refresh) goes out as a set-token window message on this origin, where the extension's content
 * script picks it up. 'logout' is sent by logout itself. Without the extension nobody listens.
 */
export const startExtensionBridge = (target: Pick<Window, 'postMessage' | 'location'> = window) => {
  let sent: string | null = null;
  const publish = (state: ReturnType<typeof useAuthStore.getState>) => {
    const token = selectIsAuthenticated(state) ? state.token : null;
    if (token && token !== sent) target.postMessage(setTokenMessage(token), target.location.origin);
    sent = token;
  };
  publish(useAuthStore.getState());
  return useAuthStore.subscribe(publish);
};
