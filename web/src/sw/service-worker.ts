/**
 * The installable app's service worker (issue 14), built by Vite as its own entry to /sw.js (web/vite.config.ts)
 * and registered by the SPA (modules/push/push-service.ts). Self-contained on purpose: an import shared with the
 * SPA would become a chunk the worker imports, and a classic worker cannot.
 * - Offline: a navigation the network cannot answer gets the offline page; the app shell's hashed assets (immutable
 *   by name) are kept in a cache when the worker installs and as pages load them. /api and the local stack's pages
 *   are never cached or even looked at.
 * - Push: shows the notification the server sent (shared/schemas/push.ts: title, body, ticket_url, workspace_uid,
 *   tag); a tap focuses an open window of the app and hands it the target, which opens it exactly as the bell does
 *   (modules/push/push-open.ts), or opens a new window that does so at start.
 */

type PushPayload = { title?: string; body?: string; ticket_url?: string; workspace_uid?: string; tag?: string };
type WindowClient = { url: string; focused: boolean; focus(): Promise<WindowClient>; postMessage(message: unknown): void };
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response> | Response): void };
type PushEvent = ExtendableEvent & { data: { json(): unknown; text(): string } | null };
type NotificationEvent = ExtendableEvent & { notification: Notification };
type WorkerScope = {
  location: Location;
  registration: { showNotification(title: string, options: NotificationOptions & { badge?: string }): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
};

const worker = self as unknown as WorkerScope;

/** Bumped when what is cached changes shape; hashed assets never change under one name, so one cache keeps them. */
const SHELL_CACHE = 'brandslate-shell-v1';
const ASSET_CACHE = 'brandslate-assets-v1';
const OFFLINE_PAGE = '/offline.html';
const SHELL_FILES = [OFFLINE_PAGE, '/favicon.svg', '/icons/icon-192.png'];
/** Assets kept at most: older ones are dropped first (a deploy leaves the previous build's behind). */
const MAX_ASSETS = 200;

/** The message a window gets on a tap, and the query a new window is opened with (modules/push/push-open.ts reads both). */
const OPEN_MESSAGE = 'brandslate:push-open';
const OPEN_PARAMS = { ticketUrl: 'push_ticket_url', workspaceUid: 'push_workspace_uid' } as const;

const isHashedAsset = (url: URL) => url.pathname.startsWith('/assets/');
const neverCached = (url: URL) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/_local/');

/** The index page's own scripts and styles: the shell every screen needs first. */
const shellAssets = async (): Promise<string[]> => {
  const response = await fetch('/', { cache: 'no-cache' });
  if (!response.ok) return [];
  const html = await response.text();
  return [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!))];
};

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await (await caches.open(SHELL_CACHE)).addAll(SHELL_FILES);
      // Best effort: the shell's assets are also cached as pages load them.
      try {
        await (await caches.open(ASSET_CACHE)).addAll(await shellAssets());
      } catch {
        // The network went away during install; the fetch handler fills the cache later.
      }
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL_CACHE, ASSET_CACHE]);
      await Promise.all((await caches.keys()).filter((name) => name.startsWith('brandslate-') && !keep.has(name)).map((name) => caches.delete(name)));
      await worker.clients.claim();
    })(),
  );
});

const trimAssets = async (cache: Cache) => {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((key) => cache.delete(key)));
};

/** Cache first: a hashed asset never changes under its name. */
const cachedAsset = async (request: Request): Promise<Response> => {
  const cache = await caches.open(ASSET_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    void trimAssets(cache);
  }
  return response;
};

/** Network first for pages: always the newest index; the offline page when there is no network at all. */
const pageOrOffline = async (request: Request): Promise<Response> => {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE })) ?? new Response('You are offline.', { status: 503, headers: { 'content-type': 'text/plain' } });
  }
};

/** The offline page's own files (its icon): from the network, else as kept at install. */
const shellFile = async (request: Request): Promise<Response> => {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(request, { cacheName: SHELL_CACHE });
    if (kept) return kept;
    throw error;
  }
};

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || neverCached(url)) return;
  if (request.mode === 'navigate') event.respondWith(pageOrOffline(request));
  else if (isHashedAsset(url)) event.respondWith(cachedAsset(request));
  else if (SHELL_FILES.includes(url.pathname)) event.respondWith(shellFile(request));
});

const payloadOf = (event: PushEvent): PushPayload => {
  if (!event.data) return {};
  try {
    return event.data.json() as PushPayload;
  } catch {
    return { body: event.data.text() };
  }
};

worker.addEventListener('push', (event) => {
  const payload = payloadOf(event);
  event.waitUntil(
    worker.registration.showNotification(payload.title || 'Brandslate', {
      body: payload.body ?? '',
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192-maskable.png',
      data: { ticket_url: payload.ticket_url ?? '', workspace_uid: payload.workspace_uid ?? '' },
    }),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = (event.notification.data ?? {}) as { ticket_url?: string; workspace_uid?: string };
  const target = { ticket_url: data.ticket_url ?? '', workspace_uid: data.workspace_uid ?? '' };
  const opening = (async () => {
    const windows = (await worker.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((client) => new URL(client.url).origin === worker.location.origin);
    const open = windows.find((client) => client.focused) ?? windows[0];
    if (open) {
      // The target first: bringing the window forward is the browser's to allow, and must not stop the opening.
      open.postMessage({ type: OPEN_MESSAGE, ...target });
      await open.focus().catch(() => undefined);
      return;
    }
    const url = new URL('/dashboard', worker.location.origin);
    url.searchParams.set(OPEN_PARAMS.ticketUrl, target.ticket_url);
    url.searchParams.set(OPEN_PARAMS.workspaceUid, target.workspace_uid);
    await worker.clients.openWindow(url.href);
  })();
  try {
    event.waitUntil(opening);
  } catch {
    // Only an event made by script (a test standing in for a tap) refuses waitUntil; the opening runs all the same.
  }
});
