/**
 * How a tap on a push reaches the app (the service worker's side is web/src/sw/service-worker.ts, which cannot
 * import this: it is built on its own). An open window gets a message; a window the tap opens carries the target
 * in its address, read once at start and removed.
 */
export const PUSH_OPEN_MESSAGE = 'brandslate:push-open';
export const PUSH_OPEN_PARAMS = { ticketUrl: 'push_ticket_url', workspaceUid: 'push_workspace_uid' } as const;

export type PushTarget = { ticket_url: string; workspace_uid: string };

/** The target of a message from the service worker, or undefined when the message is something else. */
export const targetOfMessage = (data: unknown): PushTarget | undefined => {
  if (!data || typeof data !== 'object') return undefined;
  const message = data as Record<string, unknown>;
  if (message.type !== PUSH_OPEN_MESSAGE || typeof message.ticket_url !== 'string') return undefined;
  return { ticket_url: message.ticket_url, workspace_uid: typeof message.workspace_uid === 'string' ? message.workspace_uid : '' };
};

/** The target a tap opened this window with, and the address without it (or undefined when there is none). */
export const targetOfAddress = (href: string): { target: PushTarget; rest: string } | undefined => {
  const url = new URL(href);
  const ticketUrl = url.searchParams.get(PUSH_OPEN_PARAMS.ticketUrl);
  if (ticketUrl === null) return undefined;
  const workspaceUid = url.searchParams.get(PUSH_OPEN_PARAMS.workspaceUid) ?? '';
  url.searchParams.delete(PUSH_OPEN_PARAMS.ticketUrl);
  url.searchParams.delete(PUSH_OPEN_PARAMS.workspaceUid);
  return { target: { ticket_url: ticketUrl, workspace_uid: workspaceUid }, rest: `${url.pathname}${url.search}${url.hash}` };
};

/** The Push API's applicationServerKey from the base64url public key the server answers. */
export const applicationServerKey = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

/** Earlier entries win: an Edge user agent also says Chrome, Chrome's says Safari, Android's says Linux. */
const BROWSERS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Edge', /Edg\//],
  ['Samsung Internet', /SamsungBrowser\//],
  ['Firefox', /Firefox\/|FxiOS\//],
  ['Chrome', /Chrome\/|CriOS\//],
  ['Safari', /Safari\//],
];
const SYSTEMS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Android', /Android/],
  ['iPhone', /iPhone/],
  ['iPad', /iPad/],
  ['Windows', /Windows/],
  ['macOS', /Macintosh/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux/],
];
const firstMatch = (list: ReadonlyArray<readonly [string, RegExp]>, text: string) => list.find(([, pattern]) => pattern.test(text))?.[0];

/** How the person's device list names this browser ("Chrome on Android"): read from the user agent, best effort. */
export const deviceLabel = (userAgent: string): string | undefined => {
  const browser = firstMatch(BROWSERS, userAgent);
  const system = firstMatch(SYSTEMS, userAgent);
  return browser && system ? `${browser} on ${system}` : (browser ?? system);
};
