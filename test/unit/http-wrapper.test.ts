import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, TransactGetCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '#shared/routes';
import { errorCatalogue } from '#shared/errors';
import { httpHandler, type HttpEvent } from '#lib/http';
import { workspaceHandler } from '#lib/workspace-http';
import { DomainError } from '#lib/errors';
import { idempotency } from '#lib/middleware/idempotency';
import { toWorkspace } from '#core/workspaces/workspace-view';
import type { WorkspaceItem } from '#data/workspaces';

process.env.TABLE_NAME = 'unit-table';
const ddb = mockClient(DynamoDBDocumentClient);

const event = (over: Partial<HttpEvent> & { claims?: Record<string, string> } = {}): HttpEvent =>
  ({
    version: '2.0',
    routeKey: 'X',
    rawPath: '/',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      requestId: 'r1',
      authorizer: over.claims ? { jwt: { claims: over.claims, scopes: [] } } : undefined,
    },
    ...over,
  }) as unknown as HttpEvent;

const alice = { sub: 'user-alice', email: 'Alice@Example.com', email_verified: 'true' };
const mustNotRun = async (): Promise<never> => {
  throw new Error('must not run');
};
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const membershipItem = (role: string) => ({
  workspaceId: 'ws1', userId: 'user-alice', email: 'alice@example.com', role, status: 'joined', joinedAt: daysAgo(1), __edb_e__: 'member', __edb_v__: '1',
});
const workspaceItem = (over: Record<string, unknown> = {}) => ({
  workspaceId: 'ws1', name: 'Acme', ownerId: 'user-owner', whitelisted: false, createdAt: daysAgo(1), __edb_e__: 'workspace', __edb_v__: '1', ...over,
});
/** The wrapper's one read: [membership, workspace] from TransactGetItems; an absent item has no Item. */
const resolveWorkspaceRead = (items: { membership?: object; workspace?: object }) =>
  ddb.on(TransactGetCommand).resolves({ Responses: [items.membership ? { Item: items.membership } : {}, items.workspace ? { Item: items.workspace } : {}] });
const parse = (result: Awaited<ReturnType<ReturnType<typeof httpHandler>>>) => JSON.parse(result.body as string);

describe('the HTTP wrapper', () => {
  beforeEach(() => ddb.reset());

  it('answers 400 naming the field when the body breaks the schema', async () => {
    const handler = httpHandler(routes.createWorkspace, mustNotRun, { idempotency });
    const result = await handler(event({ claims: alice, body: JSON.stringify({ name: '   ' }) }));
    expect(result.statusCode).toBe(400);
    expect(parse(result)).toEqual({ code: 'bad_request', field: 'name', message: 'name is required' });
  });

  it('answers 400 on a body that is not JSON', async () => {
    const handler = httpHandler(routes.createWorkspace, mustNotRun, { idempotency });
    const result = await handler(event({ claims: alice, body: '{"name":' }));
    expect(result.statusCode).toBe(400);
    expect(parse(result).field).toBe('body');
  });

  it('refuses to build a create without the idempotency middleware, so no create misses the Idempotency-Key', () => {
    expect(() => httpHandler(routes.createWorkspace, mustNotRun)).toThrow(/idempotency/);
  });

  it('answers 401 on a user route without verified claims', async () => {
    const handler = httpHandler(routes.listWorkspaces, async () => []);
    const result = await handler(event());
    expect(result.statusCode).toBe(401);
    expect(parse(result)).toEqual({ code: 'unauthorized', message: errorCatalogue.unauthorized.message });
  });

  it('gives the handler a lower-cased caller email', async () => {
    let seen = '';
    const handler = httpHandler(routes.listWorkspaces, async ({ caller }) => {
      seen = caller.email;
      return [];
    });
    await handler(event({ claims: alice }));
    expect(seen).toBe('alice@example.com');
  });

  it('answers 403 when the caller is not a member of the path workspace', async () => {
    resolveWorkspaceRead({ workspace: workspaceItem() });
    const handler = workspaceHandler(routes.getWorkspace, mustNotRun);
    const result = await handler(event({ claims: alice, pathParameters: { workspaceId: 'ws1' } }));
    expect(result.statusCode).toBe(403);
    expect(parse(result).code).toBe('forbidden');
  });

  it('answers 403 when the workspace was deleted, as if it never existed', async () => {
    resolveWorkspaceRead({ membership: membershipItem('admin'), workspace: workspaceItem({ deletedAt: daysAgo(0) }) });
    const handler = workspaceHandler(routes.getWorkspace, mustNotRun);
    const result = await handler(event({ claims: alice, pathParameters: { workspaceId: 'ws1' } }));
    expect(result.statusCode).toBe(403);
  });

  it('reads membership and workspace in one TransactGetItems', async () => {
    resolveWorkspaceRead({ membership: membershipItem('member'), workspace: workspaceItem() });
    const handler = workspaceHandler(routes.listTimeEntries, async () => ({ hasTimeTracking: false, entries: [] }));
    await handler(event({ claims: alice, pathParameters: { workspaceId: 'ws1' } }));
    expect(ddb.commandCalls(TransactGetCommand)).toHaveLength(1);
    expect(ddb.calls()).toHaveLength(1);
  });

  it('answers 403 when the role may not do the route (a member on an admin route)', async () => {
    resolveWorkspaceRead({ membership: membershipItem('member'), workspace: workspaceItem() });
    const handler = workspaceHandler(routes.createInvite, mustNotRun);
    const result = await handler(
      event({ claims: alice, pathParameters: { workspaceId: 'ws1' }, body: JSON.stringify({ email: 'bob@example.com' }) }),
    );
    expect(result.statusCode).toBe(403);
    expect(parse(result).code).toBe('forbidden');
  });

  it('answers 402 workspace_inactive on a locked workspace for a route that is not exempt', async () => {
    resolveWorkspaceRead({ membership: membershipItem('member'), workspace: workspaceItem({ createdAt: daysAgo(15) }) });
    const handler = workspaceHandler(routes.listTimeEntries, mustNotRun);
    const result = await handler(event({ claims: alice, pathParameters: { workspaceId: 'ws1' } }));
    expect(result.statusCode).toBe(402);
    expect(parse(result)).toEqual({ code: 'workspace_inactive', message: errorCatalogue.workspace_inactive.message });
  });

  it('lets an exempt route through on a locked workspace, so admins can reach billing', async () => {
    resolveWorkspaceRead({ membership: membershipItem('member'), workspace: workspaceItem({ createdAt: daysAgo(15) }) });
    const expired = workspaceItem({ createdAt: daysAgo(15) });
    const handler = workspaceHandler(routes.getWorkspace, async () => toWorkspace(expired as WorkspaceItem, new Date()));
    const result = await handler(event({ claims: alice, pathParameters: { workspaceId: 'ws1' } }));
    expect(result.statusCode).toBe(200);
    expect(parse(result)).toMatchObject({ uid: 'ws1', active: false, trial: { expired: true } });
  });

  it('treats a whitelisted workspace as active long after its trial', async () => {
    resolveWorkspaceRead({ membership: membershipItem('member'), workspace: workspaceItem({ createdAt: daysAgo(400), whitelisted: true }) });
    const handler = workspaceHandler(routes.listTimeEntries, async () => ({ hasTimeTracking: false, entries: [] }));
    const result = await handler(event({ claims: alice, pathParameters: { workspaceId: 'ws1' } }));
    expect(result.statusCode).toBe(200);
  });

  it('treats a paid workspace as active after its trial', async () => {
    resolveWorkspaceRead({ membership: membershipItem('member'), workspace: workspaceItem({ createdAt: daysAgo(40), subscriptionStatus: 'active' }) });
    const handler = workspaceHandler(routes.listTimeEntries, async () => ({ hasTimeTracking: false, entries: [] }));
    const result = await handler(event({ claims: alice, pathParameters: { workspaceId: 'ws1' } }));
    expect(result.statusCode).toBe(200);
  });

  it('maps a domain error to its catalogue status and message', async () => {
    const handler = httpHandler(routes.listWorkspaces, async () => {
      throw new DomainError('workspace_min_one');
    });
    const result = await handler(event({ claims: alice }));
    expect(result.statusCode).toBe(409);
    expect(parse(result)).toEqual({ code: 'workspace_min_one', message: 'You must have at least 1 admin on this workspace.' });
  });

  it('hides an unexpected error behind the generic 500 text', async () => {
    const handler = httpHandler(routes.listWorkspaces, async () => {
      throw new Error('secret detail: connection string xyz');
    });
    const result = await handler(event({ claims: alice }));
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('secret');
    expect(parse(result).message).toBe('Something went wrong on our end. Please try again later.');
  });

  it('refuses to send an answer that breaks the response schema', async () => {
    const handler = httpHandler(routes.listWorkspaces, async () => [{ nope: true }] as never);
    const result = await handler(event({ claims: alice }));
    expect(result.statusCode).toBe(500);
  });

  it('sends security headers and the route status', async () => {
    const handler = httpHandler(routes.listRoles, async () => ({ admin: { name: 'admin' } }));
    const result = await handler(event({ claims: alice }));
    expect(result.statusCode).toBe(200);
    expect(result.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
    });
  });
});
