import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '#shared/routes';
import { errorCatalogue } from '#shared/errors';
import { httpHandler, type HttpEvent } from '#lib/http';
import { workspaceHandler } from '#lib/workspace-http';
import { DomainError } from '#lib/errors';

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
const parse = (result: Awaited<ReturnType<ReturnType<typeof httpHandler>>>) => JSON.parse(result.body as string);

describe('the HTTP wrapper', () => {
  beforeEach(() => ddb.reset());

  it('answers 400 naming the field when the body breaks the schema', async () => {
    const handler = httpHandler(routes.createWorkspace, async () => {
      throw new Error('must not run');
    });
    const result = await handler(event({ claims: alice, body: JSON.stringify({ name: '   ' }) }));
    expect(result.statusCode).toBe(400);
    expect(parse(result)).toEqual({ code: 'bad_request', field: 'name', message: 'name is required' });
  });

  it('answers 400 on a body that is not JSON', async () => {
    const handler = httpHandler(routes.createWorkspace, async () => {
      throw new Error('must not run');
    });
    const result = await handler(event({ claims: alice, body: '{"name":' }));
    expect(result.statusCode).toBe(400);
    expect(parse(result).field).toBe('body');
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
    ddb.on(GetCommand).resolves({});
    const handler = workspaceHandler(routes.getWorkspace, async () => {
      throw new Error('must not run');
    });
    const result = await handler(event({ claims: alice, pathParameters: { workspaceId: 'ws1' } }));
    expect(result.statusCode).toBe(403);
    expect(parse(result).code).toBe('forbidden');
  });

  it('answers 403 on an admin route for a plain member', async () => {
    ddb.on(GetCommand).resolves({
      Item: { workspaceId: 'ws1', userId: 'user-alice', email: 'alice@example.com', role: 'member', status: 'joined', joinedAt: '2026-01-01T00:00:00.000Z', __edb_e__: 'member', __edb_v__: '1' },
    });
    const handler = workspaceHandler(routes.createInvite, async () => {
      throw new Error('must not run');
    });
    const result = await handler(
      event({ claims: alice, pathParameters: { workspaceId: 'ws1' }, body: JSON.stringify({ email: 'bob@example.com' }) }),
    );
    expect(result.statusCode).toBe(403);
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
