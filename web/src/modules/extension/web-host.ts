import { EXTENSION_VERSION } from '#shared/constants';
import { DEFAULT_EXTENSION_SETTINGS, readSettings, siteOf, type ExtensionSettings } from '#shared/extension';
import { selectIsAuthenticated, useAuthStore } from '../auth/auth-store';
import { ScreenshotUnavailable, type ExtensionHost, type TabInfo } from './host';

const SETTINGS_KEY = 'brandslate.extension.settings';

/** The page to act on, from the address (`?url=…&title=…`): only http(s) pages. */
const pageFromQuery = (search: URLSearchParams): TabInfo | null => {
  const url = search.get('url');
  if (!url || !siteOf(url)) return null;
  return { url, title: search.get('title')?.trim() || url };
};

const whenInitialized = () =>
  new Promise<void>((resolve) => {
    if (useAuthStore.getState().initialized && !useAuthStore.getState().isLoggingIn) return resolve();
    const stop = useAuthStore.subscribe((state) => {
      if (!state.initialized || state.isLoggingIn) return;
      stop();
      resolve();
    });
  });

/**
 * The /bex pages as routes of the SPA in a normal tab: the app's own session, settings in this browser's local
 * storage, the page to act on given in the address. No tab to photograph and no DevTools here.
 */
export const createWebHost = (navigate: (path: string) => void): ExtensionHost => ({
  kind: 'web',
  signedIn: async () => {
    await whenInitialized();
    return selectIsAuthenticated(useAuthStore.getState());
  },
  email: async () => useAuthStore.getState().user?.email ?? null,
  onSessionChange: (listener) => useAuthStore.subscribe((state, before) => state.token !== before.token && listener()),
  currentTab: async () => pageFromQuery(new URLSearchParams(window.location.search)),
  captureScreenshot: async () => {
    throw new ScreenshotUnavailable('screenshots are taken by the browser extension');
  },
  selection: async () => {
    const search = new URLSearchParams(window.location.search);
    const text = search.get('text')?.trim();
    const page = pageFromQuery(search);
    return text ? { text, url: page?.url ?? '', title: page?.title ?? '' } : null;
  },
  readSettings: async () => {
    try {
      return readSettings(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null'));
    } catch {
      return DEFAULT_EXTENSION_SETTINGS;
    }
  },
  writeSettings: async (settings: ExtensionSettings) => localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)),
  openApp: navigate,
  openRecorder: () => navigate(`/bex/record${window.location.search}`),
  versions: async () => ({ current: EXTENSION_VERSION, required: null }),
  devtools: null,
});
