import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { applicationServerKey, PUSH_OPEN_MESSAGE, PUSH_OPEN_PARAMS, targetOfAddress, targetOfMessage } from '../../web/src/modules/push/push-open';

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

describe('the service worker', () => {
  it('speaks the same message and parameters as the app (it is built alone and cannot import them)', async () => {
    const { readFileSync } = await import('node:fs');
    const source = readFileSync(new URL('../../web/src/sw/service-worker.ts', import.meta.url), 'utf8');
    expect(source).toContain(`const OPEN_MESSAGE = '${PUSH_OPEN_MESSAGE}';`);
    expect(source).toContain(`const OPEN_PARAMS = { ticketUrl: '${PUSH_OPEN_PARAMS.ticketUrl}', workspaceUid: '${PUSH_OPEN_PARAMS.workspaceUid}' } as const;`);
  });
});
