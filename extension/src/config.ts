/** The app's origin, read from the manifest's one host permission (written by the build from BRANDSLATE_APP_URL). */
export const appOrigin = (): string => {
  const pattern = chrome.runtime.getManifest().host_permissions?.[0];
  if (!pattern) throw new Error('The manifest names no app origin');
  return pattern.replace(/\/\*$/, '');
};

/** chrome.storage keys: the token lives in session storage (memory only, extension pages), the rest in local. */
export const STORAGE = {
  token: 'token',
  requiredVersion: 'requiredVersion',
  settings: 'settings',
} as const;
