import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '#shared/schemas/connections';
import { generateBrandVoiceBody, MAX_POST_TEXT } from '#shared/schemas/generation';
import type { Post } from '#shared/schemas/posts';
import { forgetReturn, rememberedReturn, rememberReturn, returnPathFor } from '../../web/src/modules/connections/internal/connection-return';
import { connectionOf, connectionState, webAddress } from '../../web/src/modules/connections/internal/connection-view';
import { sampleOf, voiceHandle } from '../../web/src/modules/connections/internal/voice-samples';
import { awaitingSync } from '../../web/src/modules/connections/use-connections';
import { oauthReturnKind } from '../../web/src/modules/integrations/internal/oauth-return';

const connection = (changes: Partial<Connection> = {}): Connection => ({ type: 'instagram', state: 'connected', content_pillars: [], ...changes });

describe('the OAuth return', () => {
  it('sends a conn. state to the connections and any other to the integrations', () => {
    expect(oauthReturnKind({ state: 'conn.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', code: 'x' })).toBe('connection');
    expect(oauthReturnKind({ state: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', code: 'x' })).toBe('integration');
    // Only a prefix counts: "conn." inside a state is an integration's.
    expect(oauthReturnKind({ state: 'xconn.abc', error: 'access_denied' })).toBe('integration');
  });
});

describe('the page a consent returns to', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('window', {
      sessionStorage: {
        getItem: (key: string) => store.get(key) ?? null,
        setItem: (key: string, value: string) => store.set(key, value),
        removeItem: (key: string) => store.delete(key),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is the page that started it when that was the brand’s, keeping the wizard', () => {
    rememberReturn('/project/harbor-bakery/connect-instagram?setup=1');
    expect(returnPathFor('harbor-bakery', 'youtube')).toBe('/project/harbor-bakery/connect-instagram?setup=1');
  });

  it('is the brand’s page of the type otherwise (another brand, nothing remembered, Drive)', () => {
    rememberReturn('/project/other-brand/connect-instagram');
    expect(returnPathFor('harbor-bakery', 'instagram')).toBe('/project/harbor-bakery/connect-instagram');
    expect(returnPathFor('harbor-bakery', 'drive')).toBe('/project/harbor-bakery/google-drive');
    forgetReturn();
    expect(returnPathFor('harbor-bakery', 'instagram')).toBe('/project/harbor-bakery/connect-instagram');
  });

  it('never remembers an address outside the brands’ pages', () => {
    rememberReturn('//evil.example/project/x');
    rememberReturn('https://evil.example/project/x');
    expect(rememberedReturn()).toBeUndefined();
  });

  it('works without storage (turned off): the brand’s page', () => {
    vi.stubGlobal('window', {
      get sessionStorage(): Storage {
        throw new Error('SecurityError');
      },
    });
    rememberReturn('/project/harbor-bakery/connect-instagram?setup=1');
    expect(returnPathFor('harbor-bakery', 'instagram')).toBe('/project/harbor-bakery/connect-instagram');
  });
});

describe('a card’s connection', () => {
  it('is not connected when the list names the type so, or leaves it out', () => {
    const items = [connection({ type: 'instagram', state: 'not_connected' }), connection({ type: 'drive', state: 'connected' })];
    expect(connectionOf(items, 'instagram')).toBeUndefined();
    expect(connectionOf(items, 'youtube')).toBeUndefined();
    expect(connectionState(connectionOf(items, 'youtube'))).toBe('not_connected');
    expect(connectionOf(items, 'drive')?.state).toBe('connected');
  });

  it('links only http(s) addresses of the provider', () => {
    expect(webAddress('https://harbor.example/shop')).toBe('https://harbor.example/shop');
    expect(webAddress('javascript:alert(1)')).toBeUndefined();
    expect(webAddress('data:text/html,hi')).toBeUndefined();
    expect(webAddress('harbor.example')).toBeUndefined();
    expect(webAddress(undefined)).toBeUndefined();
  });
});

describe('waiting for a sync', () => {
  it('waits for the first sync of a connected account', () => {
    expect(awaitingSync(connection(), undefined)).toBe(true);
    expect(awaitingSync(connection({ last_sync_at: '2026-11-24T10:00:00.000Z' }), undefined)).toBe(false);
    expect(awaitingSync(connection({ state: 'needs_reconnect' }), undefined)).toBe(false);
  });

  it('after Sync now, until the last sync differs from the one known when it was asked', () => {
    const before = { lastSyncAt: '2026-11-24T10:00:00.000Z' };
    expect(awaitingSync(connection({ last_sync_at: '2026-11-24T10:00:00.000Z' }), before)).toBe(true);
    expect(awaitingSync(connection({ last_sync_at: '2026-11-24T10:05:00.000Z' }), before)).toBe(false);
    // Never synced before: the first sync landing ends the wait.
    expect(awaitingSync(connection(), { lastSyncAt: undefined })).toBe(true);
    expect(awaitingSync(connection({ last_sync_at: '2026-11-24T10:05:00.000Z' }), { lastSyncAt: undefined })).toBe(false);
    // Revoked meanwhile: nothing to wait for, the card says Reconnect.
    expect(awaitingSync(connection({ state: 'needs_reconnect', last_sync_at: '2026-11-24T10:00:00.000Z' }), before)).toBe(false);
  });
});

describe('synced posts as brand voice samples', () => {
  const post = (caption: string | undefined): Post => ({
    uid: 'p1', project_uid: 'b1', url: 'https://www.instagram.com/p/abc/', platform: 'instagram', imported_at: '2026-11-24T10:00:00.000Z',
    source: 'sync', tags: [], ...(caption === undefined ? {} : { caption }),
  });

  it('takes the caption, trimmed and cut to what the generation route takes', () => {
    expect(sampleOf(post('  Fresh sourdough every morning.  '))).toBe('Fresh sourdough every morning.');
    expect(sampleOf(post('x'.repeat(MAX_POST_TEXT + 50)))).toHaveLength(MAX_POST_TEXT);
    expect(sampleOf(post(undefined))).toBe('');
  });

  it('names the account as a handle the generation route accepts', () => {
    expect(voiceHandle('harbor.bakery')).toBe('@harbor.bakery');
    expect(voiceHandle('@harbor_bakery')).toBe('@harbor_bakery');
    const youtube = voiceHandle('harbor-bakery');
    expect(youtube).toBe('@harborbakery');
    expect(generateBrandVoiceBody.safeParse({ source: 'social', handle: youtube, posts: ['a'] }).success).toBe(true);
  });
});
