import { LOGOUT_TOKEN, readSetTokenMessage, type SetTokenMessage } from '#shared/extension';

/**
 * The content script's rule: only a set-token message the app's own window posted on the app's origin is relayed
 * (not one from an iframe, another origin or a look-alike shape).
 */
export const relayedMessage = (
  event: { source: unknown; origin: string; data: unknown },
  self: unknown,
  appOrigin: string,
): SetTokenMessage | null => {
  if (event.source !== self || event.origin !== appOrigin) return null;
  return readSetTokenMessage(event.data);
};

/** The background's check of who relayed: this extension's content script in a page of the app's origin. */
export const fromApp = (sender: { id?: string; url?: string; origin?: string }, extensionId: string, appOrigin: string) => {
  if (sender.id !== extensionId) return false;
  const origin = sender.origin ?? (sender.url ? new URL(sender.url).origin : undefined);
  return origin === appOrigin;
};

export type TokenStore = {
  setToken: (token: string) => Promise<void>;
  clearToken: () => Promise<void>;
  setRequiredVersion: (version: number) => Promise<void>;
};

/** What a relayed message does: keep the token, or forget it on 'logout'. Never a password: the app sends none. */
export const applyRelayed = async (message: SetTokenMessage, store: TokenStore) => {
  await store.setRequiredVersion(message.extensionVersion);
  if (message.token === LOGOUT_TOKEN) await store.clearToken();
  else await store.setToken(message.token);
};
