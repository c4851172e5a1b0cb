import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';
import { routes } from '#shared/routes';
import { httpHandler, type HttpEvent } from '#lib/http';
import { logger } from '#lib/logger';

/**
 * Two requests served at once by one process (the local stack; Lambda's multi-concurrency runtime) keep their own
 * log keys. The runtime (or the local stack) runs each invocation inside InvokeStore.run with
 * AWS_LAMBDA_MAX_CONCURRENCY set; Powertools then scopes the logger's keys to the invocation.
 */
const event = (requestId: string, sub: string): HttpEvent =>
  ({
    version: '2.0',
    routeKey: 'GET /api/workspaces',
    rawPath: '/api/workspaces',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { requestId, authorizer: { jwt: { claims: { sub, email: `${sub}@example.com`, email_verified: 'true' }, scopes: [] } } },
  }) as unknown as HttpEvent;

/** A promise and the function that settles it, so a test can interleave two handlers step by step. */
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

let store: InvokeStoreBase;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  process.env.AWS_LAMBDA_MAX_CONCURRENCY = '4';
  store = await InvokeStore.getInstanceAsync();
  logger.setLogLevel('INFO');
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    const text = String(chunk);
    if (text.startsWith('{')) lines.push(JSON.parse(text) as Record<string, unknown>);
    return true;
  });
});

afterAll(() => {
  vi.restoreAllMocks();
  logger.setLogLevel('SILENT');
  delete process.env.AWS_LAMBDA_MAX_CONCURRENCY;
});

describe('log keys of concurrent invocations', () => {
  it('stay with their own invocation while another one runs in the same process', async () => {
    // Arrange: A appends its keys and waits; B runs entirely in between; then A logs.
    const aWaits = gate();
    const bDone = gate();
    const handler = httpHandler(routes.listWorkspaces, async ({ caller }) => {
      if (caller.userId === 'user-a') {
        aWaits.open();
        await bDone.opened;
      }
      logger.info('inside the handler');
      return [];
    });
    const invoke = (requestId: string, sub: string) =>
      store.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: requestId }, () => handler(event(requestId, sub)));

    // Act
    const a = invoke('request-a', 'user-a');
    await aWaits.opened;
    await invoke('request-b', 'user-b');
    bDone.open();
    await a;

    // Assert
    const inside = lines.filter((line) => line.message === 'inside the handler');
    expect(inside).toHaveLength(2);
    expect(inside[0]).toMatchObject({ requestId: 'request-b', userId: 'user-b', route: 'list-workspaces' });
    expect(inside[1]).toMatchObject({ requestId: 'request-a', userId: 'user-a', route: 'list-workspaces' });
  });

  it('leave nothing behind for the next invocation', async () => {
    const handler = httpHandler(routes.listWorkspaces, async () => []);
    await store.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: 'request-c' }, () => handler(event('request-c', 'user-c')));
    lines.length = 0;
    logger.info('outside any invocation');
    expect(lines[0]).not.toHaveProperty('userId');
    expect(lines[0]).not.toHaveProperty('requestId');
  });
});
