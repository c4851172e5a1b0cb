import { configureApiClient } from '../api/client';
import { i18next, translateError } from '../i18n';
import { getIdToken, logout, onBeforeLogout, onLogout, restoreSession } from '../modules/auth/auth-service';
import { selectIsAuthenticated, useAuthStore } from '../modules/auth/auth-store';
import { settleDisplayName } from '../modules/auth/first-run';
import { startExtensionBridge } from '../modules/extension/extension-bridge';
import { notify, useNotificationStore } from '../modules/notifications/notification-store';
import { clearSettings } from '../modules/settings/settings-store';
import { resetBillingStore } from '../modules/billing/billing-store';
import { clearWorkspaces, loadSignedInUser, markCurrentWorkspaceInactive } from '../modules/workspaces/workspace-service';
import { LOCKDOWN_EXEMPT_PATHS } from './lockdown-paths';
import { router } from './router';

/** Spec 4: push permission and listener set up this long after start, when signed in. */
const PUSH_SETUP_DELAY_MS = 500;

/**
 * Wires the features together at start: the API client gets its token source, its logout, its error
 * notifications and the lockdown; a sign-in loads the user's workspaces; a logout clears every store and goes
 * to /signin.
 */
export const startSession = async () => {
  configureApiClient({
    getIdToken,
    onUnauthorized: logout,
    onError: (error) => {
      const message =
        error.code === 'network_error' ? String(i18next.t('app.networkError')) : translateError(error.code, error.message);
      notify.negative(message);
    },
    // The trial or subscription ended while the app was open: the lockdown page explains (spec 4).
    onWorkspaceInactive: () => {
      markCurrentWorkspaceInactive();
      if (!LOCKDOWN_EXEMPT_PATHS.includes(router.state.location.pathname)) void router.navigate('/expired', { replace: true });
    },
  });

  onLogout(() => {
    clearWorkspaces();
    resetBillingStore();
    clearSettings();
    useNotificationStore.getState().reset();
    void router.navigate('/signin');
  });

  // Push (spec 4): the listener and a renewed subscription 500 ms after start or sign-in, off the first screen's path;
  // a logout first takes this device's subscription away.
  const push = () => import('../modules/push/push-service');
  onBeforeLogout(async () => (await push()).unsubscribeThisDevice());

  let wasAuthenticated = false;
  useAuthStore.subscribe((state) => {
    const isAuthenticated = selectIsAuthenticated(state);
    if (isAuthenticated && !wasAuthenticated) {
      void loadSignedInUser();
      void settleDisplayName();
      setTimeout(() => void push().then(({ startPush }) => startPush((path) => router.navigate(path))), PUSH_SETUP_DELAY_MS);
    }
    wasAuthenticated = isAuthenticated;
  });

  // The browser extension follows the app's session (spec 4).
  startExtensionBridge();
  await restoreSession();
};
