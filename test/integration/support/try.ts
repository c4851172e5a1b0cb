import { request } from 'node:http';
import { API_PREFIX } from '#shared/routes';
import { baseUrl, type ApiAnswer } from './api';

/**
 * POST /try from a chosen loopback source address (127.x.y.z are all this machine on Linux): the gateway takes the
 * caller's IP from the connection, as API Gateway does, so each test can be its own visitor.
 */
export const tryFrom = (sourceIp: string, body: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer> =>
  new Promise((resolve, reject) => {
    const url = new URL(`${baseUrl()}${API_PREFIX}/try`);
    const payload = JSON.stringify(body);
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: sourceIp, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') responseHeaders.set(name, value);
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, headers: responseHeaders });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });

let next = 0;
/** A loopback address no other test of this run used: a visitor with a fresh hour. */
export const freshVisitor = () => {
  next += 1;
  return `127.${Math.floor(Math.random() * 200) + 20}.${Math.floor(next / 250)}.${(next % 250) + 1}`;
};
