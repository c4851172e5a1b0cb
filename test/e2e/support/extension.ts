import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { writeManifest } from '../../../extension/target';
import { chromiumLaunch } from './chromium';
import { baseUrl } from './mail';

const BUILT = resolve('extension/dist');

/** The extension APIs the tests reach into through the service worker (typed only as far as used). */
declare const chrome: {
  tabs: { query: (query: object) => Promise<{ id?: number; url?: string }[]> };
  storage: Record<'session' | 'local', { get: (key: string | null) => Promise<Record<string, unknown>> }>;
};

export type ExtensionBrowser = {
  context: BrowserContext;
  id: string;
  worker: Worker;
  /** A page of the extension, e.g. `popup.html?tab=3`. */
  url: (path: string) => string;
  /** What clicking Brandslate's toolbar button on `page` does: Chrome grants the extension that tab (activeTab). */
  clickToolbarButton: (page: Page) => Promise<void>;
  /** Chrome's id of the tab showing `url` (known to the extension once it was granted the tab). */
  tabIdOf: (url: string) => Promise<number>;
  close: () => Promise<void>;
};

/**
 * Chromium with the unpacked build (`npm run build:extension`) loaded, in a persistent context as MV3 extensions
 * need. The build is copied and its manifest pointed at this run's stack (a random port), the same rewrite the
 * build does for BRANDSLATE_APP_URL.
 */
export const launchWithExtension = async (): Promise<ExtensionBrowser> => {
  if (!existsSync(join(BUILT, 'manifest.json'))) throw new Error('No extension build: run `npm run build:extension` first');
  const dir = mkdtempSync(join(tmpdir(), 'brandslate-extension-'));
  cpSync(BUILT, dir, { recursive: true });
  writeManifest(dir, baseUrl());
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'brandslate-profile-')), {
    executablePath: chromiumLaunch.executablePath,
    // Extensions.triggerAction (the toolbar click) is only offered with this flag; fake media for the recorder.
    args: [
      ...chromiumLaunch.args,
      '--enable-unsafe-extension-debugging',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream', `--disable-extensions-except=${dir}`,
      `--load-extension=${dir}`,
    ],
    viewport: { width: 1280, height: 860 },
    reducedMotion: 'reduce',
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const id = new URL(worker.url()).host;
  const browser = context.browser();
  if (!browser) throw new Error('No browser behind the persistent context');
  const cdp = await browser.newBrowserCDPSession();
  return {
    context,
    id,
    worker,
    url: (path) => `chrome-extension://${id}/${path}`,
    clickToolbarButton: async (page) => {
      const { targetInfos } = (await cdp.send('Target.getTargets', { filter: [{ type: 'tab' }] })) as { targetInfos: { targetId: string; url: string }[] };
      const tab = targetInfos.find((target) => target.url === page.url());
      if (!tab) throw new Error(`No tab shows ${page.url()}`);
      await cdp.send('Extensions.triggerAction' as never, { id, targetId: tab.targetId } as never);
    },
    tabIdOf: async (url) => {
      const tabId = await worker.evaluate(async (wanted) => (await chrome.tabs.query({})).find((tab) => tab.url === wanted)?.id, url);
      if (tabId === undefined) throw new Error(`The extension sees no tab at ${url}`);
      return tabId;
    },
    close: () => context.close(),
  };
};

/** A page of some other website, served on its own port: what a user creates tasks from. */
export const serveTestSite = async (html: string): Promise<{ url: string; close: () => Promise<void> }> => {
  const server: Server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(html);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/spring-launch`,
    close: () => new Promise((done) => server.close(() => done())),
  };
};

/** The token the extension holds (session storage of the extension), or null. */
export const extensionToken = (worker: Worker) =>
  worker.evaluate(async () => ((await chrome.storage.session.get('token')).token as string | undefined) ?? null);

/** Everything the extension keeps (local and session storage) as one JSON text. */
export const extensionStorage = (worker: Worker) =>
  worker.evaluate(async () => JSON.stringify([await chrome.storage.local.get(null), await chrome.storage.session.get(null)]));
