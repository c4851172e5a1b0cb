import { createServer, get, type IncomingMessage } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { guardedAgent, guardedAgents } from '#lib/outbound/guarded-agent';
import { guardedFetch, type GuardedFetchOptions } from '#lib/outbound/guarded-fetch';
import { isPublicAddress, parseAllowlist, systemResolver, type OutboundPolicy, type ResolvedAddress } from '#lib/outbound/policy';
import { OutboundRefused, type OutboundRefusalReason } from '#lib/outbound/refused';
import { closeServer, listen } from '../../local/net';

/**
 * The SSRF corpus: every form of a non-public target is refused before a byte reaches it. Two servers on
 * 127.0.0.1 stand in for the world: `allowed` is on the allow-list (like the local stack's fakes), `internal`
 * is not, so any request that slips through the guard shows up in its hit count. DNS is a fake resolver.
 */
type Hit = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

type Answer = { status?: number; headers?: Record<string, string>; body?: string | Buffer; delayMs?: number; chunks?: number; cut?: boolean };

const recordingServer = (hits: Hit[], respond: (req: IncomingMessage, body: string) => Answer) =>
  createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      hits.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const answer = respond(req, body);
      const write = () => {
        if (answer.cut) {
          // Promises 100 bytes, sends 3 and hangs up.
          res.writeHead(200, { 'content-length': '100' });
          res.write('abc', () => res.socket?.destroy());
          return;
        }
        if (answer.chunks) {
          // A body of unknown length: only counting what arrives can cap it.
          res.writeHead(answer.status ?? 200, answer.headers);
          const chunk = Buffer.alloc(64 * 1024, 'x');
          for (let i = 0; i < answer.chunks; i++) res.write(chunk);
          return res.end();
        }
        res.writeHead(answer.status ?? 200, answer.headers).end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(write, answer.delayMs);
      else write();
    });
  });

const allowedHits: Hit[] = [];
const internalHits: Hit[] = [];

const resolverCalls: string[] = [];
const PUBLIC_V4 = '93.184.216.34';
let rebindAnswers = 0;
const DNS: Record<string, () => ResolvedAddress[]> = {
  'public.test': () => [{ address: PUBLIC_V4, family: 4 }],
  'fakes.test': () => [{ address: '127.0.0.1', family: 4 }],
  localhost: () => [
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
  ],
  'internal.test': () => [{ address: '10.0.0.5', family: 4 }],
  'metadata.test': () => [{ address: '169.254.169.254', family: 4 }],
  'ec2-v6-metadata.test': () => [{ address: 'fd00:ec2::254', family: 6 }],
  'cgnat.test': () => [{ address: '100.64.0.1', family: 4 }],
  'zero.test': () => [{ address: '0.0.0.0', family: 4 }],
  'loop6.test': () => [{ address: '::1', family: 6 }],
  'mapped.test': () => [{ address: '::ffff:127.0.0.1', family: 6 }],
  'nat64.test': () => [{ address: '64:ff9b::7f00:1', family: 6 }],
  'mixed.test': () => [
    { address: PUBLIC_V4, family: 4 },
    { address: '127.0.0.1', family: 4 },
  ],
  'mixed6.test': () => [
    { address: '2606:4700:4700::1111', family: 6 },
    { address: '::1', family: 6 },
  ],
  '127.0.0.1.nip.io': () => [{ address: '127.0.0.1', family: 4 }],
  // DNS rebinding: the first answer is public (what a check sees), every later one private (what a second lookup
  // for the connection would get).
  'rebind.test': () => [{ address: rebindAnswers++ === 0 ? PUBLIC_V4 : '127.0.0.1', family: 4 }],
};

const fakeResolver = async (hostname: string): Promise<ResolvedAddress[]> => {
  resolverCalls.push(hostname);
  const answer = DNS[hostname];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answer();
};

/** Short caps: a guard that let something through to an unroutable address fails fast instead of hanging. */
const fetch = (url: string, init = {}, options: GuardedFetchOptions = {}) =>
  guardedFetch(url, init, { policy, timeoutMs: 2_000, connectTimeoutMs: 1_000, ...options });

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'the request was not refused').toBeInstanceOf(OutboundRefused);
  return error as OutboundRefused;
};

// Started while the file is collected: the corpus below names their ports.
const allowedServer = recordingServer(allowedHits, (req, body): Answer => {
  const url = new URL(req.url!, 'http://x');
  switch (url.pathname) {
    case '/redirect':
      return { status: Number(url.searchParams.get('status') ?? 302), headers: { location: url.searchParams.get('to')! } };
    case '/status':
      return { status: Number(url.searchParams.get('code')) };
    case '/loop':
      return { status: 302, headers: { location: '/loop' } };
    case '/slow':
      return { delayMs: 1_500, body: 'late' };
    case '/big':
      return { headers: { 'content-length': String(2 * 1024 * 1024) }, body: Buffer.alloc(2 * 1024 * 1024) };
    case '/stream':
      return { chunks: 32 };
    case '/cut':
      return { cut: true };
    case '/echo':
      return { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: req.method, headers: req.headers, body }) };
    default:
      return { headers: { 'content-type': 'application/json', 'set-cookie': 'a=1' }, body: '{"ok":true}' };
  }
});
const internalServer = recordingServer(internalHits, () => ({ body: 'internal secret' }));
/** The allowed port. */
const A = await listen(allowedServer, 0);
/** The internal (not allowed) port. */
const B = await listen(internalServer, 0);
const policy: OutboundPolicy = { allowlist: parseAllowlist(`127.0.0.1:${A}, fakes.test:${A}`), resolve: fakeResolver };

afterAll(async () => {
  await closeServer(allowedServer);
  await closeServer(internalServer);
});

/** Every bad form, aimed at the internal server's port wherever a port matters, with the reason it is refused for. */
const corpus = (): [string, OutboundRefusalReason][] => [
  // Schemes other than http(s).
  ['file:///etc/passwd', 'scheme'],
  [`gopher://127.0.0.1:${B}/_GET%20/`, 'scheme'],
  ['ftp://public.test/file', 'scheme'],
  [`dict://127.0.0.1:${B}/info`, 'scheme'],
  ['data:text/plain,hello', 'scheme'],
  ['javascript:alert(1)', 'scheme'],
  [`ws://public.test:${B}/`, 'scheme'],
  // Not a URL at all.
  ['not a url', 'url'],
  ['http://', 'url'],
  [`http://[::1:${B}/`, 'url'],
  // Credentials and userinfo tricks.
  [`http://public@127.0.0.1:${B}/`, 'credentials'],
  [`http://public.test:pass@127.0.0.1:${B}/`, 'credentials'],
  [`http://user:pass@public.test/`, 'credentials'],
  // The fragment hides nothing: the host is 127.0.0.1.
  [`http://127.0.0.1:${B}#@public.test/`, 'address'],
  [`http://127.0.0.1:${B}/?@public.test/`, 'address'],
  // IPv4 loopback in every spelling the URL parser normalises.
  [`http://127.0.0.1:${B}/`, 'address'],
  [`http://127.1:${B}/`, 'address'],
  [`http://2130706433:${B}/`, 'address'],
  [`http://0177.0.0.1:${B}/`, 'address'],
  [`http://0x7f.1:${B}/`, 'address'],
  [`http://0x7f000001:${B}/`, 'address'],
  [`http://017700000001:${B}/`, 'address'],
  [`http://127.0.0.255:${B}/`, 'address'],
  [`http://①②⑦.0.0.1:${B}/`, 'address'],
  [`http://127。0。0。1:${B}/`, 'address'],
  [`https://127.0.0.1:${B}/`, 'address'],
  // The rest of the IPv4 special ranges.
  [`http://0.0.0.0:${B}/`, 'address'],
  [`http://0:${B}/`, 'address'],
  [`http://10.0.0.1:${B}/`, 'address'],
  [`http://172.16.0.1:${B}/`, 'address'],
  [`http://172.31.255.255:${B}/`, 'address'],
  [`http://192.168.1.1:${B}/`, 'address'],
  ['http://169.254.169.254/latest/meta-data/', 'address'],
  ['http://169.254.170.2/v2/credentials', 'address'],
  [`http://100.64.0.1:${B}/`, 'address'],
  [`http://192.0.0.170:${B}/`, 'address'],
  [`http://192.0.2.1:${B}/`, 'address'],
  [`http://198.18.0.1:${B}/`, 'address'],
  [`http://224.0.0.1:${B}/`, 'address'],
  [`http://239.255.255.250:${B}/`, 'address'],
  [`http://240.0.0.1:${B}/`, 'address'],
  [`http://255.255.255.255:${B}/`, 'address'],
  // IPv6: loopback, unspecified, mapped, compatible, link-local, unique-local (EC2's metadata), multicast, NAT64,
  // 6to4 and Teredo wrapping loopback, documentation, site-local, discard.
  [`http://[::1]:${B}/`, 'address'],
  [`http://[0:0:0:0:0:0:0:1]:${B}/`, 'address'],
  [`http://[::]:${B}/`, 'address'],
  [`http://[::ffff:127.0.0.1]:${B}/`, 'address'],
  [`http://[0:0:0:0:0:ffff:7f00:1]:${B}/`, 'address'],
  ['http://[::ffff:169.254.169.254]/', 'address'],
  ['http://[::ffff:8.8.8.8]/', 'address'],
  [`http://[::127.0.0.1]:${B}/`, 'address'],
  ['http://[fe80::1]/', 'address'],
  ['http://[fc00::1]/', 'address'],
  ['http://[fd00:ec2::254]/latest/meta-data/', 'address'],
  ['http://[ff02::1]/', 'address'],
  ['http://[64:ff9b::7f00:1]/', 'address'],
  ['http://[64:ff9b::a9fe:a9fe]/', 'address'],
  ['http://[2002:7f00:1::]/', 'address'],
  ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', 'address'],
  ['http://[2001:db8::1]/', 'address'],
  ['http://[fec0::1]/', 'address'],
  ['http://[100::1]/', 'address'],
  // Names that resolve to non-public addresses (checked after DNS, every address of the answer).
  [`http://localhost:${B}/`, 'address'],
  [`http://LOCALHOST:${B}/`, 'address'],
  [`http://internal.test:${B}/`, 'address'],
  ['http://metadata.test/latest/meta-data/', 'address'],
  ['http://ec2-v6-metadata.test/latest/meta-data/', 'address'],
  [`http://cgnat.test:${B}/`, 'address'],
  [`http://zero.test:${B}/`, 'address'],
  [`http://loop6.test:${B}/`, 'address'],
  [`http://mapped.test:${B}/`, 'address'],
  [`http://nat64.test:${B}/`, 'address'],
  [`http://127.0.0.1.nip.io:${B}/`, 'address'],
  // One public and one private address: refused, not a coin toss.
  [`http://mixed.test:${B}/`, 'address'],
  [`http://mixed6.test:${B}/`, 'address'],
  // The allow-list is host:port: the allowed host on another port is not allowed.
  [`http://fakes.test:${B}/`, 'address'],
  [`https://fakes.test:${B}/`, 'address'],
  // Redirects from an allowed server, re-checked at each hop.
  [`http://127.0.0.1:${A}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${B}/`)}`, 'address'],
  [`http://127.0.0.1:${A}/redirect?status=307&to=${encodeURIComponent(`http://localhost:${B}/`)}`, 'address'],
  [`http://127.0.0.1:${A}/redirect?status=301&to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`, 'address'],
  [`http://127.0.0.1:${A}/redirect?status=308&to=${encodeURIComponent(`http://[::ffff:127.0.0.1]:${B}/`)}`, 'address'],
  [`http://127.0.0.1:${A}/redirect?to=${encodeURIComponent(`http://0x7f.1:${B}/`)}`, 'address'],
  [`http://127.0.0.1:${A}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, 'scheme'],
  [`http://127.0.0.1:${A}/redirect?to=${encodeURIComponent(`gopher://127.0.0.1:${B}/`)}`, 'scheme'],
  [`http://127.0.0.1:${A}/redirect?to=${encodeURIComponent(`http://user@127.0.0.1:${A}/`)}`, 'credentials'],
  [`http://127.0.0.1:${A}/redirect?to=${encodeURIComponent('http://[::1')}`, 'url'],
  [`http://127.0.0.1:${A}/loop`, 'redirect'],
];

describe('the SSRF corpus', () => {
  it('has at least 40 bad forms', () => {
    expect(corpus().length).toBeGreaterThanOrEqual(40);
  });

  it.each(corpus())('guardedFetch refuses %s (%s)', async (url, reason) => {
    const error = await refusal(fetch(url));
    expect(error.reason).toBe(reason);
    expect(error.retryable).toBe(false);
  });

  it.each(corpus().filter(([url, reason]) => reason === 'address' && !url.includes('/redirect')))(
    'guardedAgent refuses %s on connection',
    async (url) => {
      const agents = guardedAgents(policy);
      const agent = url.startsWith('https:') ? agents.httpsAgent : agents.httpAgent;
      const error = await refusal(new Promise((resolve, reject) => get(url, { agent }, resolve).on('error', reject)));
      expect(error.reason).toBe('address');
    },
  );

  it('let nothing reach the internal server', () => {
    expect(internalHits).toEqual([]);
  });
});

describe('what passes', () => {
  it('calls an allow-listed host:port, by address or by name, and reports status, headers, body and latency', async () => {
    const byAddress = await fetch(`http://127.0.0.1:${A}/ok`);
    expect(byAddress).toMatchObject({ status: 200, text: '{"ok":true}', redirects: 0, url: `http://127.0.0.1:${A}/ok` });
    expect(byAddress.json()).toEqual({ ok: true });
    expect(byAddress.headers['content-type']).toBe('application/json');
    expect(byAddress.latencyMs).toBeGreaterThanOrEqual(0);
    expect((await fetch(`http://fakes.test:${A}/ok`)).status).toBe(200);
  });

  it('answers any HTTP status as a response, not an error', async () => {
    expect((await fetch(`http://127.0.0.1:${A}/status?code=500`)).status).toBe(500);
    expect((await fetch(`http://127.0.0.1:${A}/status?code=404`)).status).toBe(404);
  });

  it('follows a redirect within what is allowed, and says so', async () => {
    const response = await fetch(`http://127.0.0.1:${A}/redirect?to=/ok`);
    expect(response).toMatchObject({ status: 200, redirects: 1, url: `http://127.0.0.1:${A}/ok` });
  });

  it('turns a POST into a GET without body on 303, keeps both on 307', async () => {
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' };
    const to303 = (await fetch(`http://127.0.0.1:${A}/redirect?status=303&to=/echo`, post)).json() as { method: string; body: string };
    expect(to303).toMatchObject({ method: 'GET', body: '' });
    const to307 = (await fetch(`http://127.0.0.1:${A}/redirect?status=307&to=/echo`, post)).json() as { method: string; body: string };
    expect(to307).toMatchObject({ method: 'POST', body: '{"a":1}' });
  });

  it('does not carry credentials to another origin after a redirect', async () => {
    const headers = { Authorization: 'Bearer t0ken', 'X-Custom': 'kept' };
    const sameOrigin = (await fetch(`http://127.0.0.1:${A}/redirect?to=/echo`, { headers })).json() as { headers: Record<string, string> };
    expect(sameOrigin.headers).toMatchObject({ authorization: 'Bearer t0ken', 'x-custom': 'kept' });
    const otherOrigin = (await fetch(`http://127.0.0.1:${A}/redirect?to=${encodeURIComponent(`http://fakes.test:${A}/echo`)}`, { headers })).json() as {
      headers: Record<string, string>;
    };
    expect(otherOrigin.headers.authorization).toBeUndefined();
    expect(otherOrigin.headers['x-custom']).toBe('kept');
  });
});

describe('caps and failures', () => {
  it('follows no redirect when told so', async () => {
    const error = await refusal(fetch(`http://127.0.0.1:${A}/redirect?to=/ok`, {}, { maxRedirects: 0 }));
    expect(error).toMatchObject({ reason: 'redirect', message: expect.stringContaining('not followed') });
  });

  it('refuses a body over the cap, declared or streamed', async () => {
    expect((await refusal(fetch(`http://127.0.0.1:${A}/big`, {}, { maxBytes: 1_000 }))).reason).toBe('size');
    expect((await refusal(fetch(`http://127.0.0.1:${A}/stream`, {}, { maxBytes: 100_000 }))).reason).toBe('size');
    expect((await fetch(`http://127.0.0.1:${A}/stream`, {}, { maxBytes: 4 * 1024 * 1024 })).text).toHaveLength(32 * 64 * 1024);
  });

  it('gives up at the time cap, and says it may be retried', async () => {
    const started = Date.now();
    const error = await refusal(fetch(`http://127.0.0.1:${A}/slow`, {}, { timeoutMs: 300 }));
    expect(error).toMatchObject({ reason: 'timeout', retryable: true });
    expect(Date.now() - started).toBeLessThan(1_200);
  });

  it('reports DNS and connection failures as network errors that may be retried', async () => {
    expect(await refusal(fetch('http://nxdomain.test/'))).toMatchObject({ reason: 'network', retryable: true });
    const closed = createServer();
    const port = await listen(closed, 0);
    await closeServer(closed);
    const guard = { ...policy, allowlist: parseAllowlist(`127.0.0.1:${port}`) };
    expect(await refusal(guardedFetch(`http://127.0.0.1:${port}/`, {}, { policy: guard }))).toMatchObject({
      reason: 'network',
      message: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('reports a body cut short as a network error at once, not at the time cap', async () => {
    const started = Date.now();
    expect(await refusal(fetch(`http://127.0.0.1:${A}/cut`, {}, { timeoutMs: 5_000 }))).toMatchObject({ reason: 'network', retryable: true });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('never names the private address a name resolved to', async () => {
    const error = await refusal(fetch('http://internal.test/'));
    expect(error.message).toContain('internal.test');
    expect(error.message).not.toContain('10.0.0.5');
  });
});

describe('kept connections', () => {
  type Site = { seen: { connections: number; requests: number; hangUpOnReuse: boolean }; url: string; options: GuardedFetchOptions };

  /**
   * Runs `check` against a server that counts its connections and, once told to, hangs up on the second request a
   * connection brings; the server is closed after.
   */
  const withSite = async (check: (site: Site) => Promise<void>) => {
    const seen = { connections: 0, requests: 0, hangUpOnReuse: false };
    const perSocket = new WeakMap<object, number>();
    const server = createServer((req, res) => {
      seen.requests++;
      const count = (perSocket.get(req.socket) ?? 0) + 1;
      perSocket.set(req.socket, count);
      req.resume();
      // As a server does whose idle timeout ran out just as the client reused the connection.
      if (seen.hangUpOnReuse && count > 1) return void req.socket.destroy();
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
    server.on('connection', () => seen.connections++);
    const port = await listen(server, 0);
    const own: OutboundPolicy = { allowlist: parseAllowlist(`127.0.0.1:${port}`), resolve: systemResolver };
    try {
      await check({ seen, url: `http://127.0.0.1:${port}/`, options: { policy: own, timeoutMs: 2_000 } });
    } finally {
      await closeServer(server);
    }
  };

  it('calls the same host again on the connection the last call opened', () =>
    withSite(async (site) => {
      for (let i = 0; i < 3; i++) expect((await guardedFetch(site.url, {}, site.options)).text).toBe('ok');
      expect(site.seen).toMatchObject({ connections: 1, requests: 3 });
    }));

  it('sends a GET once more on a new connection when the kept one was closed as it was reused', () =>
    withSite(async (site) => {
      expect((await guardedFetch(site.url, {}, site.options)).status).toBe(200);
      site.seen.hangUpOnReuse = true;
      expect((await guardedFetch(site.url, {}, site.options)).text).toBe('ok');
      expect(site.seen).toMatchObject({ connections: 2, requests: 3 });
    }));

  it('gives a POST a connection of its own, never a kept one: a server closing kept ones cannot fail it', () =>
    withSite(async (site) => {
      expect((await guardedFetch(site.url, {}, site.options)).status).toBe(200);
      site.seen.hangUpOnReuse = true;
      for (let i = 0; i < 2; i++) expect((await guardedFetch(site.url, { method: 'POST', body: '{}' }, site.options)).text).toBe('ok');
      expect(site.seen).toMatchObject({ connections: 3, requests: 3 });
    }));
});

describe('pinning', () => {
  it('resolves once and connects to the address it checked: a rebinding DNS never gets the connection to the private answer', async () => {
    resolverCalls.length = 0;
    rebindAnswers = 0;
    // The checked answer is a public address this machine cannot reach, so the call fails on the network; were
    // the name looked up again for the connection, the second answer (127.0.0.1) would reach the internal server.
    const error = await refusal(fetch(`http://rebind.test:${B}/`, {}, { connectTimeoutMs: 500 }));
    expect(['timeout', 'network']).toContain(error.reason);
    expect(resolverCalls.filter((name) => name === 'rebind.test')).toHaveLength(1);
    expect(internalHits).toEqual([]);
  });

  it('refuses through the system DNS too (localhost)', async () => {
    const error = await refusal(guardedFetch(`http://localhost:${B}/`, {}, { policy: { allowlist: new Set(), resolve: systemResolver } }));
    expect(error.reason).toBe('address');
    expect(internalHits).toEqual([]);
  });
});

describe('the agent for client libraries', () => {
  const getVia = (url: string, agent: import('node:http').Agent) =>
    new Promise<number>((resolve, reject) => get(url, { agent }, (res) => (res.resume(), resolve(res.statusCode!))).on('error', reject));

  it('lets an allow-listed host:port through and refuses the same host on another port', async () => {
    const { httpAgent } = guardedAgents(policy);
    expect(await getVia(`http://127.0.0.1:${A}/ok`, httpAgent)).toBe(200);
    expect(await getVia(`http://fakes.test:${A}/ok`, httpAgent)).toBe(200);
    expect((await refusal(getVia(`http://fakes.test:${B}/ok`, httpAgent))).reason).toBe('address');
    expect((await refusal(getVia(`http://127.0.0.1:${B}/ok`, httpAgent))).reason).toBe('address');
  });

  it('refuses a bad URL when asked for its agent, and a local socket path', async () => {
    expect(() => guardedAgent('file:///etc/passwd', policy)).toThrow(expect.objectContaining({ reason: 'scheme' }));
    expect(() => guardedAgent(`http://127.0.0.1:${B}/`, policy)).toThrow(expect.objectContaining({ reason: 'address' }));
    const viaSocket = new Promise((resolve, reject) => get({ socketPath: '/var/run/docker.sock', path: '/', agent: guardedAgents(policy).httpAgent }, resolve).on('error', reject));
    expect((await refusal(viaSocket)).reason).toBe('address');
    expect(internalHits).toEqual([]);
  });
});

describe('the policy', () => {
  it('allows public unicast only', () => {
    expect(['8.8.8.8', PUBLIC_V4, '2606:4700:4700::1111'].filter(isPublicAddress)).toHaveLength(3);
    expect(['127.0.0.1', '::1', '::7f00:1', 'example.com', '', '999.1.1.1'].some(isPublicAddress)).toBe(false);
  });

  it('reads the allow-list as normalised host:port pairs and refuses a malformed entry', () => {
    expect([...parseAllowlist(' 0x7f.1:8080, Fakes.Test:4000,[::1]:9000 ,')]).toEqual(['127.0.0.1:8080', 'fakes.test:4000', '[::1]:9000']);
    expect(parseAllowlist('').size).toBe(0);
    for (const bad of ['localhost', 'http://x:1', 'x:99999', 'x:0', 'x:1/path', 'user@x:1']) {
      expect(() => parseAllowlist(bad), bad).toThrow('OUTBOUND_ALLOWLIST');
    }
  });
});
