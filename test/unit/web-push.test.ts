import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { applicationServerKey, deviceLabel, PUSH_OPEN_MESSAGE, PUSH_OPEN_PARAMS, targetOfAddress, targetOfMessage } from '../../web/src/modules/push/push-open';

describe('a tap on a push, as the app receives it', () => {
  it("reads the service worker's message and nothing else", () => {
    expect(targetOfMessage({ type: PUSH_OPEN_MESSAGE, ticket_url: '/project/a/tasks/t1', workspace_uid: 'w2' })).toEqual({ ticket_url: '/project/a/tasks/t1', workspace_uid: 'w2' });
    expect(targetOfMessage({ type: PUSH_OPEN_MESSAGE, ticket_url: '/x' })).toEqual({ ticket_url: '/x', workspace_uid: '' });
    expect(targetOfMessage({ type: 'other', ticket_url: '/x' })).toBeUndefined();
    expect(targetOfMessage('brandslate:push-open')).toBeUndefined();
    expect(targetOfMessage(null)).toBeUndefined();
  });

  it('reads the target a new window was opened with, and gives back the address without it', () => {
    const href = `https://app.example/dashboard?view=week&${PUSH_OPEN_PARAMS.ticketUrl}=${encodeURIComponent('/project/a/tasks/t1')}&${PUSH_OPEN_PARAMS.workspaceUid}=w2#top`;
    expect(targetOfAddress(href)).toEqual({ target: { ticket_url: '/project/a/tasks/t1', workspace_uid: 'w2' }, rest: '/dashboard?view=week#top' });
    expect(targetOfAddress('https://app.example/dashboard?view=week')).toBeUndefined();
  });

  it("turns the server's base64url public key into the 65 bytes the Push API takes", () => {
    const { publicKey } = webpush.generateVAPIDKeys();
    const key = applicationServerKey(publicKey);
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(Buffer.from(key).toString('base64url')).toBe(publicKey);
  });
});

describe("a device's name in the person's device list", () => {
  it('names the browser and the system from real user agents', () => {
    const agents: Record<string, string> = {
      'Chrome on Android': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Safari on iPhone': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Edge on Windows': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Firefox on macOS': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0',
      'Samsung Internet on Android': 'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      'Chrome on Linux': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    };
    for (const [label, agent] of Object.entries(agents)) expect(deviceLabel(agent)).toBe(label);
    expect(deviceLabel('curl/8.5.0')).toBeUndefined();
  });
});

describe('the service worker', () => {
  it('speaks the same message and parameters as the app (it is built alone and cannot import them)', async () => {
    const { readFileSync } = await import('node:fs');
    const source = readFileSync(new URL('../../web/src/sw/service-worker.ts', import.meta.url), 'utf8');
    expect(source).toContain(`const OPEN_MESSAGE = '${PUSH_OPEN_MESSAGE}';`);
    expect(source).toContain(`const OPEN_PARAMS = { ticketUrl: '${PUSH_OPEN_PARAMS.ticketUrl}', workspaceUid: '${PUSH_OPEN_PARAMS.workspaceUid}' } as const;`);
  });
});
