import type { ExtensionSettings } from '#shared/extension';
import { createContext, useContext } from 'react';

/** The tab a page acts on: its address and title (and Chrome's ids, inside the extension). */
export type TabInfo = { url: string; title: string; tabId?: number; windowId?: number };

/** Text selected on a page, with the page it came from. */
export type SelectedText = { text: string; url: string; title: string };

/** A console error or a failed request of the page DevTools inspects. */
export type PageProblem = { id: string; kind: 'console' | 'network'; message: string; at: number };

export type DevtoolsSource = {
  /** The inspected page's address. */
  pageUrl: () => Promise<string>;
  /** Calls `listener` with every problem so far and again as new ones come; answers the unsubscribe. */
  watch: (listener: (problems: PageProblem[]) => void) => () => void;
};

/** Why a screenshot could not be taken, in words for the user (or a key of the form's texts). */
export class ScreenshotUnavailable extends Error {
  readonly needsToolbar: boolean;
  constructor(message: string, needsToolbar = false) {
    super(message);
    this.name = 'ScreenshotUnavailable';
    this.needsToolbar = needsToolbar;
  }
}

/**
 * Where the /bex pages run: inside the Chrome extension (tabs, screenshots, DevTools, chrome.storage, the token the
 * app handed over) or as the SPA's own /bex routes in a normal tab (the app's session; the page to act on comes in
 * the address). The pages are the same React modules; only this differs.
 */
export type ExtensionHost = {
  kind: 'extension' | 'web';
  /** A usable API session right now. */
  signedIn: () => Promise<boolean>;
  /** The signed-in person's email, when known. */
  email: () => Promise<string | null>;
  /** Calls back when the session comes or goes (sign-in or logout in the app); answers the unsubscribe. */
  onSessionChange: (listener: () => void) => () => void;
  currentTab: () => Promise<TabInfo | null>;
  /** A picture of the tab as it shows; throws ScreenshotUnavailable. */
  captureScreenshot: (tab: TabInfo) => Promise<Blob>;
  selection: () => Promise<SelectedText | null>;
  readSettings: () => Promise<ExtensionSettings>;
  writeSettings: (settings: ExtensionSettings) => Promise<void>;
  /** Opens a page of the app (`/project/x/tasks/y`, `/signin`). */
  openApp: (path: string) => void;
  /** Opens the recorder for the current tab: a tab of its own in the extension (a popup closes when the screen picker opens). */
  openRecorder: () => void;
  /** This extension's version and the one the app asked for (null: the app has not said). */
  versions: () => Promise<{ current: number; required: number | null }>;
  devtools: DevtoolsSource | null;
};

export const HostContext = createContext<ExtensionHost | null>(null);

export const useHost = (): ExtensionHost => {
  const host = useContext(HostContext);
  if (!host) throw new Error('An extension page is rendered without its host');
  return host;
};
