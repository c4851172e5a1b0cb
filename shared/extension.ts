/**
 * The browser extension's contract with the web app (spec 2, 4, 9), written once: the SPA posts these messages,
 * the extension's content script reads them, and both read the disable options and the version from here.
 */
import { EXTENSION_VERSION } from './constants';

/** The window message the app posts to the extension: an ID token after sign-in and refresh, 'logout' on logout. */
export const SET_TOKEN_MESSAGE = 'set-token';
export const LOGOUT_TOKEN = 'logout';

export type SetTokenMessage = {
  type: typeof SET_TOKEN_MESSAGE;
  /** An ID token (JWT), or 'logout'. */
  token: string;
  /** The extension version this app works with: an older extension asks its user to update. */
  extensionVersion: number;
};

export const setTokenMessage = (token: string): SetTokenMessage => ({
  type: SET_TOKEN_MESSAGE,
  token,
  extensionVersion: EXTENSION_VERSION,
});

/** A set-token message from untrusted data (a window message), or null when it is anything else. */
export const readSetTokenMessage = (data: unknown): SetTokenMessage | null => {
  if (!data || typeof data !== 'object') return null;
  const { type, token, extensionVersion } = data as Record<string, unknown>;
  if (type !== SET_TOKEN_MESSAGE || typeof token !== 'string' || token.length === 0 || token.length > 8192) return null;
  if (token !== LOGOUT_TOKEN && !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return null;
  return {
    type,
    token,
    extensionVersion: typeof extensionVersion === 'number' && Number.isInteger(extensionVersion) ? extensionVersion : EXTENSION_VERSION,
  };
};

/** Any path containing /bex is one of the extension's own pages: no logout message is sent from there (spec 2). */
export const isExtensionPath = (pathname: string) => pathname.includes('/bex');

/** The extension's pages (spec 2), each also a route of the SPA. */
export const EXTENSION_PAGES = ['popup', 'new-ticket', 'text-highlight', 'options', 'devtools', 'record', 'empty'] as const;
export type ExtensionPage = (typeof EXTENSION_PAGES)[number];
export const extensionPagePath = (page: ExtensionPage) => (page === 'new-ticket' ? '/bex/popup/new-ticket' : `/bex/${page}`);

/** Disable options (spec 9): for 30 minutes, for this website, forever. */
export const DISABLE_MINUTES = 30;
export const DISABLE_OPTIONS = ['minutes', 'site', 'forever'] as const;
export type DisableOption = (typeof DISABLE_OPTIONS)[number];

export type ExtensionSettings = {
  /** The brand new tasks go to: its workspace and project. */
  defaultWorkspaceUid: string | null;
  defaultProjectUid: string | null;
  /** Epoch ms until which the extension is off everywhere, or null. */
  disabledUntil: number | null;
  /** Host names (example.com) the extension is off on. */
  disabledSites: string[];
  disabledForever: boolean;
};

export const DEFAULT_EXTENSION_SETTINGS: ExtensionSettings = {
  defaultWorkspaceUid: null,
  defaultProjectUid: null,
  disabledUntil: null,
  disabledSites: [],
  disabledForever: false,
};

/** The host a site rule is kept under; null for what is not a web page (chrome://, about:blank). */
export const siteOf = (url: string | undefined | null): string | null => {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
};

export type DisabledReason = { option: DisableOption; until?: number; site?: string };

/** Why the extension is off on `url` at `now` (forever first, then the timer, then the site), or null when it is on. */
export const disabledReason = (settings: ExtensionSettings, url: string | null | undefined, now: number): DisabledReason | null => {
  if (settings.disabledForever) return { option: 'forever' };
  if (settings.disabledUntil !== null && settings.disabledUntil > now) return { option: 'minutes', until: settings.disabledUntil };
  const site = siteOf(url);
  if (site && settings.disabledSites.includes(site)) return { option: 'site', site };
  return null;
};

/** The settings after choosing a disable option; 'site' needs the page's address (a page that is no site changes nothing). */
export const disable = (settings: ExtensionSettings, option: DisableOption, now: number, url?: string | null): ExtensionSettings => {
  if (option === 'forever') return { ...settings, disabledForever: true };
  if (option === 'minutes') return { ...settings, disabledUntil: now + DISABLE_MINUTES * 60_000 };
  const site = siteOf(url);
  if (!site || settings.disabledSites.includes(site)) return settings;
  return { ...settings, disabledSites: [...settings.disabledSites, site].sort() };
};

/** Turns the extension back on: everywhere, or for one site only. */
export const enable = (settings: ExtensionSettings, site?: string): ExtensionSettings =>
  site
    ? { ...settings, disabledSites: settings.disabledSites.filter((s) => s !== site) }
    : { ...settings, disabledForever: false, disabledUntil: null };

/** Settings read from storage, whatever was kept there: unknown or malformed fields fall back to the defaults. */
export const readSettings = (raw: unknown): ExtensionSettings => {
  const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    defaultWorkspaceUid: str(value.defaultWorkspaceUid),
    defaultProjectUid: str(value.defaultProjectUid),
    disabledUntil: typeof value.disabledUntil === 'number' && Number.isFinite(value.disabledUntil) ? value.disabledUntil : null,
    disabledSites: Array.isArray(value.disabledSites) ? value.disabledSites.filter((s): s is string => typeof s === 'string') : [],
    disabledForever: value.disabledForever === true,
  };
};

/** When an ID token stops being good (epoch ms from its `exp`), or null when it cannot be read. */
export const tokenExpiry = (token: string): number | null => {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
};

/** A stored token still usable at `now` (a minute of margin for the call to arrive). */
export const tokenUsable = (token: string | null | undefined, now: number) => {
  if (!token || token === LOGOUT_TOKEN) return false;
  const expiry = tokenExpiry(token);
  return expiry !== null && expiry - 60_000 > now;
};
