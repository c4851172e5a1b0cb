import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, TransactGetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { errorCatalogue } from '#shared/errors';
import { API_SECURITY_HEADERS } from '#shared/security-headers';
import { DomainError, ValidationError } from '#lib/errors';
import { METRIC, metrics } from '#lib/metrics';
import { resolveCaller } from '#lib/middleware/caller';
import { errorMap } from '#lib/middleware/error-map';
import { routeMetrics } from '#lib/middleware/metrics';
import { parseInput } from '#lib/middleware/parse-input';
import { projectRole } from '#lib/middleware/project-role';
import { serializeResponse } from '#lib/middleware/response';
import { securityHeaders } from '#lib/middleware/security-headers';
import type { HttpEvent, HttpRequest, HttpResult, RouteState } from '#lib/middleware/types';
import type { WorkspaceContext } from '#lib/context';

process.env.TABLE_NAME = 'unit-table';
const ddb = mockClient(DynamoDBDocumentClient);

/** A middy request as the core builds it: the event, a context of our own, no response or error yet. */
const requestOf = (event: Partial<HttpEvent> = {}, state?: Partial<RouteState>): HttpRequest =>
  ({
    event: { headers: {}, isBase64Encoded: false, requestContext: {}, ...event } as HttpEvent,
    context: { route: state ? { params: {}, query: {}, body: {}, rawBody: '', ...state } : undefined },
    response: null,
    error: null,
    internal: {},
  }) as unknown as HttpRequest;

const claims = { sub: 'user-1', email: 'Ann@Example.com', email_verified: 'true' };
const withClaims = { requestContext: { authorizer: { jwt: { claims, scopes: [] } } } } as unknown as Partial<HttpEvent>;
const body = (result: HttpResult | null) => JSON.parse(String(result?.body));
const admin = { workspaceId: 'ws1', userId: 'user-1', email: 'ann@example.com', role: 'admin' as const };
const member = { ...admin, role: 'member' as const };

describe('resolveCaller', () => {
  it('refuses a user route without claims with 401, before reading input', async () => {
    await expect(Promise.resolve().then(() => resolveCaller({ auth: 'user' }).before!(requestOf()))).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('lets a public route through without claims', async () => {
    const request = requestOf();
    await resolveCaller({ auth: 'public' }).before!(request);
    expect(request.context.route?.caller).toBeUndefined();
  });

  it('gives the caller with a lower-cased email and the verified flag', async () => {
    const request = requestOf(withClaims);
    await resolveCaller({ auth: 'user' }).before!(request);
    expect(request.context.route?.caller).toEqual({ userId: 'user-1', email: 'ann@example.com', emailVerified: true });
  });
});

describe('parseInput', () => {
  const route = { params: z.object({ id: z.string() }), query: z.object({}), body: z.object({ name: z.string() }) };

  it('names the first bad field', async () => {
    const request = requestOf({ pathParameters: { id: 'x' }, body: JSON.stringify({ name: 3 }) }, {});
    const failure = await Promise.resolve()
      .then(() => parseInput(route).before!(request))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ValidationError);
    expect(failure).toMatchObject({ field: 'name' });
  });

  it('answers body for a body that is not JSON', async () => {
    const request = requestOf({ pathParameters: { id: 'x' }, body: '{' }, {});
    await expect(Promise.resolve().then(() => parseInput(route).before!(request))).rejects.toMatchObject({ field: 'body' });
  });

  it('decodes a base64 body and keeps it raw for signature checks', async () => {
    const raw = JSON.stringify({ name: 'Ann' });
    const request = requestOf({ pathParameters: { id: 'x' }, body: Buffer.from(raw).toString('base64'), isBase64Encoded: true }, {});
    await parseInput(route).before!(request);
    expect(request.context.route).toMatchObject({ params: { id: 'x' }, body: { name: 'Ann' }, rawBody: raw });
  });
});

describe('errorMap', () => {
  const mapped = async (error: Error) => {
    const request = requestOf();
    request.error = error;
    await errorMap().onError!(request);
    return request.response;
  };

  it('maps a ValidationError to 400 naming the field', async () => {
    const response = await mapped(new ValidationError('name', 'name is required'));
    expect(response?.statusCode).toBe(400);
    expect(body(response)).toEqual({ code: 'bad_request', message: 'name is required', field: 'name' });
  });

  it('maps a DomainError to its catalogue status and message', async () => {
    const response = await mapped(new DomainError('workspace_inactive'));
    expect(response?.statusCode).toBe(errorCatalogue.workspace_inactive.status);
    expect(body(response)).toEqual({ code: 'workspace_inactive', message: errorCatalogue.workspace_inactive.message });
  });

  it('names the field a DomainError is about, as a schema 400 does', async () => {
    const response = await mapped(new DomainError('comment_empty', { field: 'text' }));
    expect(response?.statusCode).toBe(400);
    expect(body(response)).toEqual({ code: 'comment_empty', message: errorCatalogue.comment_empty.message, field: 'text' });
  });

  it('hides anything else behind the generic 500', async () => {
    const response = await mapped(new Error('password=hunter2'));
    expect(response?.statusCode).toBe(500);
    expect(response?.body).not.toContain('hunter2');
  });
});

describe('securityHeaders', () => {
  it('adds the API headers to an answer and to an error answer alike', async () => {
    for (const phase of ['after', 'onError'] as const) {
      const request = requestOf();
      request.response = { statusCode: 403, headers: { 'x-own': '1' }, body: '{}' };
      await securityHeaders()[phase]!(request);
      expect(request.response.headers).toEqual({ 'x-own': '1', ...API_SECURITY_HEADERS });
    }
  });
});

describe('serializeResponse', () => {
  const route = { response: z.object({ uid: z.string() }), status: 201 as const };

  it('answers the checked value with the route status', async () => {
    const request = requestOf();
    request.response = { uid: 'a', secret: 'dropped' } as unknown as HttpResult;
    await serializeResponse(route).after!(request);
    expect(request.response.statusCode).toBe(201);
    expect(body(request.response)).toEqual({ uid: 'a' });
  });

  it('refuses to send a value that breaks the schema', async () => {
    const request = requestOf();
    request.response = { nope: true } as unknown as HttpResult;
    await expect(Promise.resolve().then(() => serializeResponse(route).after!(request))).rejects.toMatchObject({ code: 'internal_error' });
  });

  it('sends no body on a 204', async () => {
    const request = requestOf();
    request.response = undefined as unknown as HttpResult;
    await serializeResponse({ response: z.undefined(), status: 204 }).after!(request);
    expect(request.response).toMatchObject({ statusCode: 204, body: '' });
  });
});

describe('routeMetrics', () => {
  beforeEach(() => vi.restoreAllMocks());

  it('records latency and a server error with the route dimension, then publishes once', async () => {
    const added = vi.spyOn(metrics, 'addMetric');
    const dimension = vi.spyOn(metrics, 'addDimension');
    const published = vi.spyOn(metrics, 'publishStoredMetrics');
    const middleware = routeMetrics('get-task');
    const request = requestOf();
    await middleware.before!(request as never);
    request.response = { statusCode: 500 };
    await middleware.onError!(request as never);
    expect(dimension).toHaveBeenCalledWith('route', 'get-task');
    expect(added).toHaveBeenCalledWith(METRIC.latency, 'Milliseconds', expect.any(Number));
    expect(added).toHaveBeenCalledWith(METRIC.errors, 'Count', 1);
    expect(published).toHaveBeenCalledTimes(1);
  });

  it('counts no error on a 4xx answer', async () => {
    const added = vi.spyOn(metrics, 'addMetric');
    const request = requestOf();
    request.response = { statusCode: 404 };
    await routeMetrics('get-task').after!(request as never);
    expect(added).toHaveBeenCalledWith(METRIC.errors, 'Count', 0);
  });
});

describe('projectRole', () => {
  const route = { projectRole: 'admin' as const };
  const projectItem = { workspaceId: 'ws1', projectId: 'p1', name: 'Brand', slug: 'brand', ownerId: 'owner', phase: 'active', createdAt: '2026-01-01T00:00:00.000Z', __edb_e__: 'project', __edb_v__: '1' };
  const grant = (role: string, status = 'granted') => ({ workspaceId: 'ws1', projectId: 'p1', userId: 'user-1', role, status, __edb_e__: 'projectMember', __edb_v__: '1' });
  const read = (project?: object, grantItem?: object) =>
    ddb.on(TransactGetCommand).resolves({ Responses: [project ? { Item: project } : {}, grantItem ? { Item: grantItem } : {}] });
  const run = (workspace: WorkspaceContext) => Promise.resolve().then(() => projectRole(route).before!(requestOf({}, { workspace, params: { projectId: 'p1' } })));

  beforeEach(() => ddb.reset());

  it('lets a workspace admin through without reading the project', async () => {
    await run(admin);
    expect(ddb.calls()).toHaveLength(0);
  });

  it("lets a project admin through", async () => {
    read(projectItem, grant('admin'));
    await expect(run(member)).resolves.toBeUndefined();
  });

  it('refuses a member who only holds member access with project_admin_required', async () => {
    read(projectItem, grant('member'));
    await expect(run(member)).rejects.toMatchObject({ code: 'project_admin_required' });
  });

  it('refuses a project admin whose access is only requested', async () => {
    read(projectItem, grant('admin', 'requested'));
    await expect(run(member)).rejects.toMatchObject({ code: 'project_admin_required' });
  });

  it('answers project_not_found for a project that does not exist', async () => {
    read(undefined, undefined);
    await expect(run(member)).rejects.toMatchObject({ code: 'project_not_found' });
  });
});
