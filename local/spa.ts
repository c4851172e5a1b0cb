import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { SPA_SECURITY_HEADERS, spaContentSecurityPolicy, type SpaOrigins } from '#shared/security-headers';

/**
 * The SPA on the gateway's origin: the built `web/dist` (what CloudFront serves in AWS) with a fallback to
 * index.html for client-side routes, or, in dev mode, Vite in middleware mode with HMR on the same server.
 * Every answer carries the headers CloudFront's response-headers policy adds: the SPA's CSP and security headers.
 */
export type SpaHandler = { handle: (req: IncomingMessage, res: ServerResponse) => void; close: () => Promise<void> };

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** Vite names built assets `name-<hash>.ext` under assets/; those never change and may be cached for good. */
const isHashedAsset = (path: string) => path.startsWith('/assets/') && /-[\w-]{8,}\.\w+$/.test(path);

export type SpaHeaders = Readonly<Record<string, string>>;

/** What CloudFront adds to every SPA answer, for the local origins (Cognito and the uploads endpoint). */
export const spaHeaders = (origins: SpaOrigins): SpaHeaders => ({
  ...SPA_SECURITY_HEADERS,
  'content-security-policy': spaContentSecurityPolicy(origins),
});

/**
 * Vite's dev server needs two things the built app does not: the inline preamble script React Fast Refresh
 * injects into index.html, and its HMR websocket on the app's own origin. Only `npm run dev` serves this.
 */
export const devSpaHeaders = (origins: SpaOrigins & { app: string }): SpaHeaders => ({
  ...SPA_SECURITY_HEADERS,
  'content-security-policy': spaContentSecurityPolicy(origins)
    .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
    .replace("connect-src 'self'", `connect-src 'self' ${origins.app.replace(/^http/, 'ws')}`),
});

const notBuilt = (res: ServerResponse, base: SpaHeaders) => {
  res.writeHead(503, { ...base, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(
    '<!doctype html><title>Brandslate</title><p>The web app is not built yet. Run <code>npm start</code> (it builds it) or ' +
      '<code>npx vite build --config web/vite.config.ts</code>, then reload.</p>',
  );
};

/**
 * CloudFront compresses text answers (`compress: true` in the web stack); so does the twin, or Lighthouse here
 * would weigh a page at about three times its bytes in AWS. Each file is compressed once per version.
 */
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/;
const compressed = new Map<string, { etag: string; br?: Buffer; gzip?: Buffer }>();
const encodingFor = (req: IncomingMessage, file: string, etag: string, type: string) => {
  if (!COMPRESSIBLE.test(type)) return undefined;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  if (!encoding) return undefined;
  let entry = compressed.get(file);
  if (entry?.etag !== etag) compressed.set(file, (entry = { etag }));
  entry[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(readFileSync(file), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(readFileSync(file));
  return { encoding, body: entry[encoding] };
};

const sendFile = (req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string, base: SpaHeaders) => {
  const stat = statSync(file);
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers = {
    ...base,
    'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'cache-control': cacheControl,
    etag,
    'last-modified': stat.mtime.toUTCString(),
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    return res.end();
  }
  const encoded = encodingFor(req, file, etag, headers['content-type']);
  if (encoded) {
    res.writeHead(200, { ...headers, 'content-encoding': encoded.encoding, vary: 'accept-encoding', 'content-length': encoded.body.length });
    return res.end(req.method === 'HEAD' ? undefined : encoded.body);
  }
  res.writeHead(200, { ...headers, 'content-length': stat.size });
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
};

/** `headers` is read per answer: the origins in the CSP are known only once the stack's ports are. */
export const createStaticSpa = (distDir: string, headers: () => SpaHeaders): SpaHandler => {
  const root = normalize(distDir);
  const index = join(root, 'index.html');
  return {
    handle: (req, res) => {
      const base = headers();
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { ...base, allow: 'GET, HEAD', 'content-type': 'text/plain' });
        return res.end('Method Not Allowed');
      }
      if (!existsSync(index)) return notBuilt(res, base);
      let path: string;
      try {
        path = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
      } catch {
        res.writeHead(400, base);
        return res.end();
      }
      const file = normalize(join(root, path));
      const inside = file === root || file.startsWith(root.endsWith(sep) ? root : root + sep);
      if (inside && existsSync(file) && statSync(file).isFile()) {
        return sendFile(req, res, file, isHashedAsset(path) ? 'public, max-age=31536000, immutable' : 'no-cache', base);
      }
      // A missing file with an extension is a real 404 (a stale asset URL); anything else is a client-side route.
      if (extname(path) && !path.endsWith('.html')) {
        res.writeHead(404, { ...base, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        return res.end('Not found');
      }
      sendFile(req, res, index, 'no-cache', base);
    },
    close: async () => undefined,
  };
};

/** Vite in middleware mode; its HMR websocket shares the gateway's server. */
export const createViteSpa = async (httpServer: Server, configFile: string, headers: () => SpaHeaders): Promise<SpaHandler> => {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile,
    appType: 'spa',
    server: { middlewareMode: true, hmr: { server: httpServer } },
  });
  return {
    handle: (req, res) => {
      for (const [name, value] of Object.entries(headers())) res.setHeader(name, value);
      vite.middlewares(req, res, () => {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('Not found');
      });
    },
    close: () => vite.close(),
  };
};
