import { describe, expect, it, vi } from 'vitest';
import { EXTENSION_VERSION } from '#shared/constants';
import {
  DEFAULT_EXTENSION_SETTINGS,
  disable,
  disabledReason,
  enable,
  isExtensionPath,
  readSetTokenMessage,
  readSettings,
  setTokenMessage,
  siteOf,
  tokenUsable,
} from '#shared/extension';
import { appOriginOf, manifestFor } from '../../extension/manifest';
import { applyRelayed, fromApp, relayedMessage } from '../../extension/src/relay';

const APP = 'http://127.0.0.1:3000';
const jwt = (payload: object) => `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2lnbmF0dXJl`;
const NOW = Date.parse('2026-11-24T08:00:00Z');

describe('the set-token relay (app → content script → background)', () => {
  const self = {};
  const token = jwt({ sub: 'u1', exp: NOW / 1000 + 3600 });

  it('relays the app window\'s own set-token messages on the app origin', () => {
    expect(relayedMessage({ source: self, origin: APP, data: setTokenMessage(token) }, self, APP)).toEqual({
      type: 'set-token',
      token,
      extensionVersion: EXTENSION_VERSION,
    });
    expect(relayedMessage({ source: self, origin: APP, data: setTokenMessage('logout') }, self, APP)?.token).toBe('logout');
  });

  it('ignores messages from frames, other origins, and anything not shaped like a token', () => {
    const data = setTokenMessage(token);
    expect(relayedMessage({ source: {}, origin: APP, data }, self, APP)).toBeNull();
    expect(relayedMessage({ source: self, origin: 'http://evil.test', data }, self, APP)).toBeNull();
    for (const bad of [null, 'set-token', { type: 'set-token' }, { type: 'set-token', token: '' }, { type: 'set-token', token: 'not a jwt' }, { type: 'other', token }]) {
      expect(relayedMessage({ source: self, origin: APP, data: bad }, self, APP)).toBeNull();
    }
    expect(readSetTokenMessage({ type: 'set-token', token: 'a'.repeat(9000) })).toBeNull();
  });

  it('the background accepts only its own content script on the app origin', () => {
    expect(fromApp({ id: 'ext', url: `${APP}/dashboard` }, 'ext', APP)).toBe(true);
    expect(fromApp({ id: 'ext', origin: APP }, 'ext', APP)).toBe(true);
    expect(fromApp({ id: 'other', url: `${APP}/dashboard` }, 'ext', APP)).toBe(false);
    expect(fromApp({ id: 'ext', url: 'http://127.0.0.1:4000/' }, 'ext', APP)).toBe(false);
    expect(fromApp({ id: 'ext' }, 'ext', APP)).toBe(false);
  });

  it('keeps the token, forgets it on logout, and notes the version the app asks for', async () => {
    const store = { setToken: vi.fn(async () => {}), clearToken: vi.fn(async () => {}), setRequiredVersion: vi.fn(async () => {}) };
    await applyRelayed({ type: 'set-token', token, extensionVersion: 11 }, store);
    expect(store.setToken).toHaveBeenCalledWith(token);
    expect(store.setRequiredVersion).toHaveBeenCalledWith(11);
    await applyRelayed({ type: 'set-token', token: 'logout', extensionVersion: 10 }, store);
    expect(store.clearToken).toHaveBeenCalledTimes(1);
    expect(store.setToken).toHaveBeenCalledTimes(1);
  });

  it('a token is usable until a minute before it expires; logout and garbage never are', () => {
    expect(tokenUsable(token, NOW)).toBe(true);
    expect(tokenUsable(jwt({ exp: NOW / 1000 + 30 }), NOW)).toBe(false);
    expect(tokenUsable('logout', NOW)).toBe(false);
    expect(tokenUsable('a.b.c', NOW)).toBe(false);
    expect(tokenUsable(null, NOW)).toBe(false);
  });

  it('no logout message from the extension\'s own pages', () => {
    expect(isExtensionPath('/bex/popup/new-ticket')).toBe(true);
    expect(isExtensionPath('/dashboard')).toBe(false);
  });
});

describe('the disable rules (30 minutes, this website, forever)', () => {
  const page = 'https://www.example.com/launch?x=1';

  it('is on by default', () => {
    expect(disabledReason(DEFAULT_EXTENSION_SETTINGS, page, NOW)).toBeNull();
  });

  it('30 minutes: off everywhere until then, on again after', () => {
    const off = disable(DEFAULT_EXTENSION_SETTINGS, 'minutes', NOW);
    expect(off.disabledUntil).toBe(NOW + 30 * 60_000);
    expect(disabledReason(off, page, NOW + 29 * 60_000)).toEqual({ option: 'minutes', until: NOW + 30 * 60_000 });
    expect(disabledReason(off, 'https://other.org', NOW)).toMatchObject({ option: 'minutes' });
    expect(disabledReason(off, page, NOW + 30 * 60_000)).toBeNull();
  });

  it('this website: off on that host (www. ignored, any path), on elsewhere; a page that is no site changes nothing', () => {
    const off = disable(DEFAULT_EXTENSION_SETTINGS, 'site', NOW, page);
    expect(off.disabledSites).toEqual(['example.com']);
    expect(disabledReason(off, 'http://example.com/other', NOW)).toEqual({ option: 'site', site: 'example.com' });
    expect(disabledReason(off, 'https://shop.example.com/', NOW)).toBeNull();
    expect(disable(off, 'site', NOW, 'https://example.com/again')).toBe(off);
    expect(disable(DEFAULT_EXTENSION_SETTINGS, 'site', NOW, 'chrome://extensions')).toBe(DEFAULT_EXTENSION_SETTINGS);
    expect(enable(off, 'example.com').disabledSites).toEqual([]);
  });

  it('forever: off until turned on, which also ends a timer but keeps site rules', () => {
    const off = disable(disable(disable(DEFAULT_EXTENSION_SETTINGS, 'site', NOW, page), 'minutes', NOW), 'forever', NOW);
    expect(disabledReason(off, 'https://any.org', NOW + 365 * 86_400_000)).toEqual({ option: 'forever' });
    const on = enable(off);
    expect(on).toMatchObject({ disabledForever: false, disabledUntil: null, disabledSites: ['example.com'] });
    expect(disabledReason(on, page, NOW)).toMatchObject({ option: 'site' });
  });

  it('settings read from storage fall back field by field', () => {
    expect(readSettings(undefined)).toEqual(DEFAULT_EXTENSION_SETTINGS);
    expect(readSettings({ disabledSites: ['a.com', 3], disabledUntil: 'soon', disabledForever: 'yes', defaultProjectUid: 'p1' })).toEqual({
      ...DEFAULT_EXTENSION_SETTINGS,
      disabledSites: ['a.com'],
      defaultProjectUid: 'p1',
    });
    expect(siteOf('not a url')).toBeNull();
  });
});

describe('the manifest', () => {
  it('has the product\'s extension version and only the app origin as host', () => {
    const manifest = manifestFor('https://app.brandslate.example/some/path');
    expect(manifest.version).toBe(String(EXTENSION_VERSION));
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.host_permissions).toEqual(['https://app.brandslate.example/*']);
    expect(manifest.content_scripts).toEqual([{ matches: ['https://app.brandslate.example/*'], js: ['content.js'], run_at: 'document_start' }]);
    expect(manifest.permissions).not.toContain('tabs');
    expect(() => appOriginOf('ftp://x')).toThrow();
    expect(manifest).not.toHaveProperty('key');
    expect(manifestFor(APP, 'MIIBIjAN').key).toBe('MIIBIjAN');
  });
});

describe('the app side', () => {
  it('posts each new ID token to the extension once (sign-in, refresh), nothing while signed out', async () => {
    const { useAuthStore } = await import('../../web/src/modules/auth/auth-store');
    const { startExtensionBridge } = await import('../../web/src/modules/extension/extension-bridge');
    const posted: unknown[] = [];
    const stop = startExtensionBridge({ postMessage: (message: unknown) => posted.push(message), location: { origin: APP } as Location } as never);
    expect(posted).toEqual([]);
    const user = { uid: 'u1', email: 'a@example.com' };
    useAuthStore.getState().setSession(user, 'h.first.s', true);
    useAuthStore.getState().setRoles(['admin']);
    useAuthStore.getState().setToken('h.refreshed.s');
    useAuthStore.getState().reset({ loggedOut: true });
    stop();
    expect(posted).toEqual([setTokenMessage('h.first.s'), setTokenMessage('h.refreshed.s')]);
  });

  it('a summary from highlighted text is its first sentence, cut at a word', async () => {
    const { summaryFromText, overviewFromSelection } = await import('../../web/src/modules/extension/extension-tasks');
    expect(summaryFromText('  Film a teaser reel.\n Then post it. ')).toBe('Film a teaser reel.');
    const long = summaryFromText(`${'word '.repeat(80)}end.`);
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('word…')).toBe(true);
    expect(overviewFromSelection('Quote.', 'Brief', 'https://x.test/a')).toBe('Quote.\n\nBrief\nhttps://x.test/a');
    expect(overviewFromSelection('Quote.', '', 'https://x.test/a')).toBe('Quote.\n\nhttps://x.test/a');
  });
});

describe('the DevTools panel', () => {
  it('counts a request as failed on an HTTP error or no answer at all', async () => {
    const { failedRequest } = await import('../../extension/src/failed-request');
    const entry = (status: number, _error?: string) => ({
      startedDateTime: '2026-11-24T08:00:00Z',
      request: { method: 'POST', url: 'https://shop.test/api/cart' },
      response: { status, statusText: status === 500 ? 'Internal Server Error' : '', ...(_error ? { _error } : {}) },
    });
    expect(failedRequest(entry(200))).toBeNull();
    expect(failedRequest(entry(304))).toBeNull();
    expect(failedRequest(entry(500))).toBe('POST https://shop.test/api/cart → 500 Internal Server Error');
    expect(failedRequest(entry(404))).toBe('POST https://shop.test/api/cart → 404');
    expect(failedRequest(entry(0, 'net::ERR_CONNECTION_REFUSED'))).toBe('POST https://shop.test/api/cart → net::ERR_CONNECTION_REFUSED');
    expect(failedRequest(entry(0))).toBe('POST https://shop.test/api/cart → no response');
  });

  it('writes the attached problems into the overview, one a line', async () => {
    const { problemsOverview } = await import('../../web/src/modules/extension/extension-tasks');
    expect(
      problemsOverview('Problems seen on https://shop.test/:', [
        { kind: 'console', message: 'TypeError: x is undefined', at: NOW },
        { kind: 'network', message: 'GET /api → 500', at: NOW + 1000 },
      ]),
    ).toBe('Problems seen on https://shop.test/:\n- [console] 2026-11-24T08:00:00.000Z TypeError: x is undefined\n- [network] 2026-11-24T08:00:01.000Z GET /api → 500');
  });
});
