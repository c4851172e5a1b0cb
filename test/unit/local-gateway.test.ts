import { createSign } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Server } from 'node:http';
import { buildHttpEvent, createGateway, matchRoute, MAX_BODY_BYTES, type HttpEvent, type HttpHandler } from '../../local/gateway';
import { createTokenVerifier, toGatewayClaims } from '../../local/jwt-authorizer';
import { LOCAL } from '../../local/env';
import { closeServer, listen } from '../../local/net';
import { routeList, type RouteSpec } from '#shared/routes';
import { API_SECURITY_HEADERS } from '#shared/security-headers';

/**
 * The gateway stands in for API Gateway's HTTP API: route matching, the v2 event, the JWT authorizer and the
 * mapping of a handler's result back onto HTTP. Tokens are signed with cognito-local's key, as the local user
 * pool signs them.
 */
const route = (id: string, method: RouteSpec['method'], path: string, auth: RouteSpec['auth'] = 'user') =>
  ({ id, method, path, auth }) as RouteSpec;

const routes = [
  route('get-workspace', 'GET', '/workspaces/{workspaceId}'),
  route('mine', 'GET', '/workspaces/mine'),
  route('update-workspace', 'PATCH', '/workspaces/{workspaceId}'),
  route('list-items', 'GET', '/workspaces/{workspaceId}/items'),
  route('get-invite', 'GET', '/invites/{inviteUid}', 'public'),
  route('upload', 'POST', '/files', 'user'),
  route('files', 'GET', '/files/{path+}', 'user'),
];

describe('matchRoute', () => {
  it('prefers a literal segment over a {param}', () => {
    expect(matchRoute(routes, 'GET', '/workspaces/mine')).toMatchObject({ kind: 'match', route: { id: 'mine' } });
    expect(matchRoute(routes, 'GET', '/workspaces/w-1')).toMatchObject({
      kind: 'match',
      route: { id: 'get-workspace' },
      pathParameters: { workspaceId: 'w-1' },
    });
  });

  it('decodes path parameters', () => {
    expect(matchRoute(routes, 'GET', '/invites/a%20b%2Fc')).toMatchObject({ pathParameters: { inviteUid: 'a b/c' } });
  });

  it('says 405 with the allowed methods when only the method is wrong', () => {
    expect(matchRoute(routes, 'DELETE', '/workspaces/w-1')).toEqual({ kind: 'method_not_allowed', allow: ['GET', 'PATCH'] });
  });

  it('says not found for unknown paths, extra segments and empty segments', () => {
    expect(matchRoute(routes, 'GET', '/nope').kind).toBe('not_found');
    expect(matchRoute(routes, 'GET', '/workspaces/w-1/items/x').kind).toBe('not_found');
    expect(matchRoute(routes, 'GET', '/workspaces//items').kind).toBe('not_found');
    expect(matchRoute(routes, 'GET', '/workspaces/').kind).toBe('not_found');
  });

  it('matches a greedy {param+} over the rest of the path', () => {
    expect(matchRoute(routes, 'GET', '/files/a/b/c.png')).toMatchObject({ pathParameters: { path: 'a/b/c.png' } });
  });

  it('finds every entry of the real route table at its own path', () => {
    for (const spec of routeList) {
      const concrete = spec.path.replace(/\{(\w+)\}/g, (_, name: string) => `${name}-1`);
      const match = matchRoute(routeList, spec.method, concrete);
      expect(match, `${spec.method} ${spec.path}`).toMatchObject({ kind: 'match', route: { id: spec.id } });
    }
  });
});

describe('buildHttpEvent', () => {
  const base = {
    method: 'POST',
    rawPath: '/api/workspaces/w%201',
    rawQueryString: 'tag=a&tag=b&q=x%20y',
    headers: { host: '127.0.0.1:3000', 'content-type': 'application/json', cookie: 'a=1; b=2', 'user-agent': 'ua', 'x-multi': ['1', '2'] },
    routeKey: 'POST /api/workspaces/{workspaceId}',
    pathParameters: { workspaceId: 'w 1' },
    body: Buffer.from('{"name":"x"}'),
    claims: { sub: 'u-1', email: 'a@b.c' },
    requestId: 'req-1',
    now: new Date('2030-03-12T19:03:58.123Z'),
  };

  it('has the API Gateway HTTP API v2 shape', () => {
    const event = buildHttpEvent(base);
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /api/workspaces/{workspaceId}',
      rawPath: '/api/workspaces/w%201',
      rawQueryString: 'tag=a&tag=b&q=x%20y',
      cookies: ['a=1', 'b=2'],
      queryStringParameters: { tag: 'a,b', q: 'x y' },
      pathParameters: { workspaceId: 'w 1' },
      body: '{"name":"x"}',
      isBase64Encoded: false,
      requestContext: {
        http: { method: 'POST', path: '/api/workspaces/w%201', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'ua' },
        requestId: 'req-1',
        routeKey: 'POST /api/workspaces/{workspaceId}',
        stage: '$default',
        time: '12/Mar/2030:19:03:58 +0000',
        timeEpoch: base.now.getTime(),
        domainName: '127.0.0.1:3000',
        authorizer: { jwt: { claims: { sub: 'u-1', email: 'a@b.c' }, scopes: [] } },
      },
    });
    expect(event.headers).toEqual({ host: '127.0.0.1:3000', 'content-type': 'application/json', 'user-agent': 'ua', 'x-multi': '1,2' });
  });

  it('base64-encodes binary bodies and leaves out what is absent', () => {
    const binary = buildHttpEvent({ ...base, headers: { 'content-type': 'image/png' }, body: Buffer.from([0, 1, 255]) });
    expect(binary).toMatchObject({ body: Buffer.from([0, 1, 255]).toString('base64'), isBase64Encoded: true });

    const bare = buildHttpEvent({ ...base, rawQueryString: '', headers: {}, pathParameters: {}, body: undefined, claims: undefined });
    expect(bare).not.toHaveProperty('body');
    expect(bare).not.toHaveProperty('queryStringParameters');
    expect(bare).not.toHaveProperty('pathParameters');
    expect(bare).not.toHaveProperty('cookies');
    expect(bare.requestContext).not.toHaveProperty('authorizer');
    expect(bare.isBase64Encoded).toBe(false);
  });
});

// --- The gateway over HTTP, with the JWT authorizer -------------------------------------------------------------

const require = createRequire(import.meta.url);
const { jwk: privateJwk } = require('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: Record<string, string> };
const { jwk: publicJwk } = require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: { kid: string; kty: string; n: string; e: string } };
const ISSUER = `https://cognito-idp.us-east-1.amazonaws.com/${LOCAL.userPoolId}`;

const sign = (claims: Record<string, unknown>) => {
  const now = Math.floor(Date.now() / 1000);
  const payload = { iss: ISSUER, aud: LOCAL.userPoolClientId, token_use: 'id', iat: now, exp: now + 3600, ...claims };
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode({ alg: 'RS256', kid: publicJwk.kid, typ: 'JWT' })}.${encode(payload)}`;
  const signature = createSign('RSA-SHA256').update(input).sign({ key: privateJwk, format: 'jwk' }).toString('base64url');
  return `${input}.${signature}`;
};

const seen: HttpEvent[] = [];
const handlers: Record<string, HttpHandler> = {
  'get-workspace': async (event) => (seen.push(event), { statusCode: 200, headers: { 'X-Echo': 'yes' }, body: JSON.stringify({ id: event.pathParameters?.workspaceId }) }),
  'get-invite': async (event) => (seen.push(event), { statusCode: 200, body: '{}' }),
  upload: async (event) => ({
    statusCode: 201,
    cookies: ['a=1; Path=/', 'b=2; Path=/'],
    headers: { 'content-type': 'application/octet-stream' },
    body: event.body ?? '',
    isBase64Encoded: event.isBase64Encoded,
  }),
  mine: async () => ({ simple: true }),
  'list-items': async () => {
    throw new Error('boom');
  },
};

let server: Server;
let url: string;

beforeAll(async () => {
  server = createGateway({
    routes,
    apiPrefix: '/api',
    verifyToken: createTokenVerifier({ userPoolId: LOCAL.userPoolId, clientId: LOCAL.userPoolClientId, jwk: publicJwk as never }),
    loadHandler: async (id) => handlers[id],
    documents: { '/app-config.json': () => ({ stage: 'local' }) },
  });
  url = `http://127.0.0.1:${await listen(server, 0)}`;
});

afterAll(() => closeServer(server));

const get = (path: string, token?: string) => fetch(`${url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('gateway over HTTP', () => {
  it('refuses protected routes without a valid ID token, like the JWT authorizer', async () => {
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      undefined,
      'not-a-jwt',
      `${sign({ sub: 'u-1' })}x`,
      sign({ sub: 'u-1', exp: now - 10 }),
      sign({ sub: 'u-1', aud: 'another-client' }),
      sign({ sub: 'u-1', iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Other' }),
      sign({ sub: 'u-1', token_use: 'access' }),
      sign({ sub: 'u-1', exp: undefined }),
      sign({ sub: 'u-1', iat: now + 3600, exp: now + 7200 }),
    ];
    for (const token of refused) {
      const response = await get('/api/workspaces/w-1', token);
      expect(response.status, String(token)).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('passes the verified claims, as strings, to the handler and writes its result', async () => {
    seen.length = 0;
    const response = await get('/api/workspaces/w-7?x=1', sign({ sub: 'u-1', email: 'a@b.c', email_verified: true, 'cognito:groups': ['a', 'b'] }));

    expect(response.status).toBe(200);
    expect(response.headers.get('x-echo')).toBe('yes');
    expect(await response.json()).toEqual({ id: 'w-7' });
    const claims = seen[0].requestContext.authorizer.jwt.claims;
    expect(claims).toMatchObject({ sub: 'u-1', email: 'a@b.c', email_verified: 'true', 'cognito:groups': '[a b]', token_use: 'id' });
    expect(seen[0]).toMatchObject({ routeKey: 'GET /api/workspaces/{workspaceId}', rawQueryString: 'x=1', queryStringParameters: { x: '1' } });
  });

  it('lets anyone call a public route, with claims only when a valid token came along', async () => {
    seen.length = 0;
    await get('/api/invites/i-1');
    await get('/api/invites/i-1', 'garbage');
    await get('/api/invites/i-1', sign({ sub: 'u-2' }));

    expect(seen.map((event) => event.requestContext.authorizer?.jwt.claims.sub)).toEqual([undefined, undefined, 'u-2']);
  });

  it('round-trips binary bodies and sets each cookie', async () => {
    const bytes = Buffer.from([0, 159, 146, 150, 255]);
    const response = await fetch(`${url}/api/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sign({ sub: 'u-1' })}`, 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(response.status).toBe(201);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it('answers a result without statusCode as a 200 JSON body', async () => {
    const response = await get('/api/workspaces/mine', sign({ sub: 'u-1' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ simple: true });
  });

  it('answers an address or headers too large with 431, like API Gateway, instead of dropping the connection', async () => {
    // Each size is sent several times: a reset shows only when it races the client still writing.
    for (const size of [20_000, 70_000, 200_000]) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await get(`/api/workspaces/w-1?q=${'%5B'.repeat(size / 3)}`, sign({ sub: 'u-1' }));
        expect(response.status, `${size} bytes`).toBe(431);
        expect(await response.json()).toEqual({ message: 'Request Header Fields Too Large' });
      }
    }
  });

  it('answers 404, 405, 500 and 501 as JSON', async () => {
    const token = sign({ sub: 'u-1' });
    const notFound = await get('/api/nothing-here', token);
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toMatchObject({ code: 'not_found' });

    const wrongMethod = await fetch(`${url}/api/workspaces/w-1`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, PATCH');

    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const threw = await get('/api/workspaces/w-1/items', token);
    expect(threw.status).toBe(500);
    expect(await threw.json()).toEqual({ message: 'Internal Server Error' });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('list-items threw'), expect.any(Error));
    logged.mockRestore();

    const missing = await fetch(`${url}/api/workspaces/w-1`, { method: 'PATCH', headers: { authorization: `Bearer ${token}` } });
    expect(missing.status).toBe(501);
  });

  it('puts the API security headers on every answer it makes itself: 401, 404, 405, 413, 500, 501', async () => {
    const token = sign({ sub: 'u-1' });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answers = [
      await get('/api/workspaces/w-1'),
      await get('/api/nothing-here', token),
      await fetch(`${url}/api/workspaces/w-1`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } }),
      await fetch(`${url}/api/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        body: Buffer.alloc(MAX_BODY_BYTES + 1),
      }),
      await get('/api/workspaces/w-1/items', token),
      await fetch(`${url}/api/workspaces/w-1`, { method: 'PATCH', headers: { authorization: `Bearer ${token}` } }),
    ];
    logged.mockRestore();

    expect(answers.map((answer) => answer.status)).toEqual([401, 404, 405, 413, 500, 501]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect(answer.headers.get(name), `${answer.status} ${name}`).toBe(value);
    }
  });

  it('serves the exact-path documents', async () => {
    const response = await fetch(`${url}/app-config.json`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ stage: 'local' });
  });
});

describe('toGatewayClaims', () => {
  it('stringifies like API Gateway', () => {
    expect(toGatewayClaims({ a: 'x', n: 5, b: false, list: ['p', 'q'], o: { k: 1 } })).toEqual({
      a: 'x',
      n: '5',
      b: 'false',
      list: '[p q]',
      o: '{"k":1}',
    });
  });
});
