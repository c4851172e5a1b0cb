import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPA_SECURITY_HEADERS, spaContentSecurityPolicy } from '#shared/security-headers';
import { closeServer, listen } from '../../local/net';
import { createStaticSpa, devSpaHeaders, spaHeaders } from '../../local/spa';

/** The SPA served locally carries what CloudFront's response-headers policy adds in AWS. */
const origins = { cognito: 'http://127.0.0.1:3000', uploads: 'http://127.0.0.1:4569' };

describe('the locally served SPA', () => {
  let dist: string;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'spa-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(dist, 'assets', 'main-abcdef12.js'), 'console.log(1)');
    const spa = createStaticSpa(dist, () => spaHeaders(origins));
    server = createServer(spa.handle);
    url = `http://127.0.0.1:${await listen(server, 0)}`;
  });
  afterAll(async () => {
    await closeServer(server);
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers every page, asset and refusal with the SPA’s CSP and security headers', async () => {
    const answers = await Promise.all([
      fetch(`${url}/`),
      fetch(`${url}/tasks/123`),
      fetch(`${url}/assets/main-abcdef12.js`),
      fetch(`${url}/assets/gone-12345678.js`),
      fetch(`${url}/`, { method: 'POST' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 404, 405]);
    for (const answer of answers) {
      expect(answer.headers.get('content-security-policy')).toBe(spaContentSecurityPolicy(origins));
      for (const [name, value] of Object.entries(SPA_SECURITY_HEADERS)) expect(answer.headers.get(name), name).toBe(value);
    }
    expect(answers[0].headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(answers[0].headers.get('content-security-policy')).toContain(`connect-src 'self' ${origins.cognito} ${origins.uploads}`);
  });

  it('loosens the dev server’s policy only by the inline preamble and the HMR websocket', () => {
    const dev = devSpaHeaders({ ...origins, app: 'http://127.0.0.1:3000' })['content-security-policy'];
    const built = spaContentSecurityPolicy(origins);
    expect(dev).toBe(
      built
        .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
        .replace("connect-src 'self'", "connect-src 'self' ws://127.0.0.1:3000"),
    );
    expect(dev).not.toBe(built);
  });
});
