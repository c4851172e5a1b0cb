import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactGetCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '#shared/routes';
import type { HttpEvent } from '#lib/http';
import type { WorkspaceContext } from '#lib/context';
import { workspaceHandler } from '#lib/workspace-http';

process.env.TABLE_NAME = 'unit-table';
const ddb = mockClient(DynamoDBDocumentClient);

const alice = { sub: 'user-alice', email: 'alice@example.com', email_verified: 'true' };
const event = (): HttpEvent =>
  ({
    version: '2.0',
    routeKey: 'X',
    rawPath: '/',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    pathParameters: { workspaceId: 'ws1' },
    requestContext: { requestId: 'r1', authorizer: { jwt: { claims: alice, scopes: [] } } },
  }) as unknown as HttpEvent;

const now = new Date().toISOString();
const membership = { workspaceId: 'ws1', userId: 'user-alice', email: 'alice@example.com', role: 'member', status: 'joined', joinedAt: now, __edb_e__: 'member', __edb_v__: '1' };
const workspace = (over: Record<string, unknown> = {}) => ({
  workspaceId: 'ws1', name: 'Acme', ownerId: 'user-owner', whitelisted: true, createdAt: now, __edb_e__: 'workspace', __edb_v__: '1', ...over,
});
const grant = { workspaceId: 'ws1', userId: 'user-alice', projectIds: new Set(['p2']), __edb_e__: 'projectGrant', __edb_v__: '1' };
const directory = [
  { projectId: 'p1', name: 'One', slug: 'one' },
  { projectId: 'p2', name: 'Two', slug: 'two' },
];

/** The context the wrapper hands the handler, for one read of [membership, workspace, grants]. */
const contextFor = async (): Promise<WorkspaceContext> => {
  let seen: WorkspaceContext | undefined;
  const handler = workspaceHandler(routes.listTimeEntries, async ({ workspace: ctx }) => {
    seen = ctx;
    return { hasTimeTracking: false, entries: [] };
  });
  const result = await handler(event());
  expect(result.statusCode).toBe(200);
  return seen!;
};

describe("the wrapper's workspace read", () => {
  beforeEach(() => ddb.reset());

  it('hands on the project directory and the caller’s grants read with the membership, in one request', async () => {
    ddb.on(TransactGetCommand).resolves({ Responses: [{ Item: membership }, { Item: workspace({ projectDirectory: directory }) }, { Item: grant }] });
    const ctx = await contextFor();
    expect(ctx.directory).toEqual({ projects: directory, granted: ['p2'] });
    expect(ddb.calls()).toHaveLength(1);
  });

  it('a caller without a grants item has no grants; a workspace without a directory hands on none', async () => {
    ddb.on(TransactGetCommand).resolves({ Responses: [{ Item: membership }, { Item: workspace({ projectDirectory: directory }) }, {}] });
    expect((await contextFor()).directory).toEqual({ projects: directory, granted: [] });
    ddb.reset();
    ddb.on(TransactGetCommand).resolves({ Responses: [{ Item: membership }, { Item: workspace() }, { Item: grant }] });
    expect((await contextFor()).directory).toBeUndefined();
  });

  it('reads again when a transactional write in flight cancels the read, instead of answering 403', async () => {
    const conflict = new TransactionCanceledException({
      message: 'Transaction cancelled',
      $metadata: {},
      CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }, { Code: 'None' }],
    });
    ddb
      .on(TransactGetCommand)
      .rejectsOnce(conflict)
      .resolves({ Responses: [{ Item: membership }, { Item: workspace({ projectDirectory: directory }) }, { Item: grant }] });
    const ctx = await contextFor();
    expect(ctx.role).toBe('member');
    expect(ddb.commandCalls(TransactGetCommand)).toHaveLength(2);
  });
});
