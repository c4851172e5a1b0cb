import { EXTENSION_VERSION } from '#shared/constants';

/** The app the extension talks to when BRANDSLATE_APP_URL is not set: the local stack's default (`npm start`). */
export const DEFAULT_APP_URL = 'http://127.0.0.1:3000';

export const CONTEXT_MENU_TITLE = 'Create task from selection';

/** The app's origin from a configured URL: http(s) only, path dropped. */
export const appOriginOf = (appUrl: string): string => {
  const url = new URL(appUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`BRANDSLATE_APP_URL must be http(s): ${appUrl}`);
  return url.origin;
};

/**
 * The extension's manifest for one app origin. The origin is the only host it may reach (API calls, the content
 * script that relays the app's set-token messages); the pages read it back from host_permissions, so retargeting a
 * build is rewriting this file. The version is the product's constant (spec 9).
 */
export const manifestFor = (appUrl: string, key?: string) => {
  const origin = appOriginOf(appUrl);
  return {
    // The public key pins the extension's id (chrome-extension://<id>), which the stage's uploads CORS names
    // (`-c extensionIds`); without it an unpacked build's id follows its folder.
    ...(key ? { key } : {}),
    manifest_version: 3,
    name: 'Brandslate',
    description: 'Create Brandslate tasks from the page you are on, from highlighted text and from DevTools.',
    version: String(EXTENSION_VERSION),
    action: { default_title: 'Brandslate', default_popup: 'popup.html' },
    options_ui: { page: 'options.html', open_in_tab: true },
    devtools_page: 'devtools.html',
    background: { service_worker: 'background.js', type: 'module' },
    // activeTab: the clicked tab's address, title and screenshot, only when the user opens the extension on it.
    permissions: ['storage', 'contextMenus', 'activeTab'],
    host_permissions: [`${origin}/*`],
    content_scripts: [{ matches: [`${origin}/*`], js: ['content.js'], run_at: 'document_start' }],
  };
};

export type Manifest = ReturnType<typeof manifestFor>;
