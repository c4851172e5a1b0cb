import { EXTENSION_VERSION } from '#shared/constants';
import { readSettings, siteOf, tokenUsable, type ExtensionSettings } from '#shared/extension';
import { ScreenshotUnavailable, type ExtensionHost, type TabInfo } from '../../web/src/modules/extension/host';
import { appOrigin, STORAGE } from './config';
import { createDevtoolsSource } from './devtools-source';

export const readToken = async (): Promise<string | null> => {
  const stored = await chrome.storage.session.get(STORAGE.token);
  const token = stored[STORAGE.token];
  return typeof token === 'string' ? token : null;
};

/** The ID token for an API call; rejects when the app has not handed over a usable one. */
export const usableToken = async (): Promise<string> => {
  const token = await readToken();
  if (!token || !tokenUsable(token, Date.now())) throw new Error('No valid session');
  return token;
};

export const forgetToken = () => chrome.storage.session.remove(STORAGE.token);

const emailOf = (token: string): string | null => {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { email?: unknown };
    return typeof payload.email === 'string' ? payload.email : null;
  } catch {
    return null;
  }
};

const search = () => new URLSearchParams(window.location.search);

/** The tab a page acts on: the one named by ?tab= (the popup opened for it), else the active tab of the browser window. */
const currentTab = async (): Promise<TabInfo | null> => {
  const named = Number(search().get('tab'));
  const tab = Number.isInteger(named) && named > 0
    ? await chrome.tabs.get(named).catch(() => undefined)
    : (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0];
  // Without activeTab (the user did not open Brandslate on that tab) Chrome does not say where the tab is.
  if (!tab?.url || !siteOf(tab.url)) return null;
  return { url: tab.url, title: tab.title || tab.url, tabId: tab.id, windowId: tab.windowId };
};

const captureScreenshot = async (tab: TabInfo): Promise<Blob> => {
  if (tab.windowId === undefined) throw new ScreenshotUnavailable('the tab is not in a window');
  const current = tab.tabId === undefined ? undefined : await chrome.tabs.get(tab.tabId).catch(() => undefined);
  // Chrome photographs the window's visible tab: only right when that is the tab the task is about.
  if (current && !current.active) throw new ScreenshotUnavailable('the tab is not the one showing in its window');
  try {
    const dataUrl = await chrome.tabs.captureVisibleTab(tab.windowId, { format: 'png' });
    return await (await fetch(dataUrl)).blob();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ScreenshotUnavailable(message, /activeTab|all_urls|permission/i.test(message));
  }
};

export const createChromeHost = (): ExtensionHost => ({
  kind: 'extension',
  signedIn: async () => tokenUsable(await readToken(), Date.now()),
  email: async () => {
    const token = await readToken();
    return token ? emailOf(token) : null;
  },
  onSessionChange: (listener) => {
    const onChanged = (changes: Record<string, chrome.storage.StorageChange>) => {
      if (STORAGE.token in changes || STORAGE.requiredVersion in changes) listener();
    };
    chrome.storage.onChanged.addListener(onChanged);
    return () => chrome.storage.onChanged.removeListener(onChanged);
  },
  currentTab,
  captureScreenshot,
  selection: async () => {
    const text = search().get('text')?.trim();
    return text ? { text, url: search().get('url') ?? '', title: search().get('title') ?? '' } : null;
  },
  readSettings: async () => readSettings((await chrome.storage.local.get(STORAGE.settings))[STORAGE.settings]),
  writeSettings: (settings: ExtensionSettings) => chrome.storage.local.set({ [STORAGE.settings]: settings }),
  openApp: (path) => void chrome.tabs.create({ url: `${appOrigin()}${path}` }),
  openRecorder: () => {
    void chrome.tabs.create({ url: chrome.runtime.getURL(`record.html${window.location.search}`) });
    window.close();
  },
  versions: async () => {
    const required = (await chrome.storage.local.get(STORAGE.requiredVersion))[STORAGE.requiredVersion];
    return { current: Number(chrome.runtime.getManifest().version) || EXTENSION_VERSION, required: typeof required === 'number' ? required : null };
  },
  devtools: chrome.devtools?.inspectedWindow ? createDevtoolsSource() : null,
});
