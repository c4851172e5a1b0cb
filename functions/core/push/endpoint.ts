/**
 * Which push services a subscription may point at. A subscription's endpoint comes from the browser, so it is a
 * user-given URL: the server POSTs to it later. Only the push services browsers use are accepted (https on their
 * own hosts), so a made-up "subscription" cannot turn the push queue into a way to POST at anything else; the
 * send itself still goes through the guarded fetcher. A host:port on the outbound allow-list (OUTBOUND_ALLOWLIST,
 * the same list the guarded fetcher lets through) is accepted too, over http or https: the local stack's fake
 * push service, which tests and `npm start` use. Unset in AWS, so there only the real services pass.
 */
export const PUSH_SERVICE_HOSTS = [
  // Chrome, Edge on Android, Opera, Samsung Internet (Firebase Cloud Messaging).
  'fcm.googleapis.com',
  'android.googleapis.com',
  // Firefox (Mozilla autopush).
  'push.services.mozilla.com',
  // Safari on macOS and iOS (Apple Push Notification service for the web).
  'push.apple.com',
  // Edge on Windows (Windows Push Notification Services).
  'notify.windows.com',
] as const;

const underKnownService = (hostname: string) => PUSH_SERVICE_HOSTS.some((host) => hostname === host || hostname.endsWith(`.${host}`));

/** Whether the server may send to this endpoint: a known push service over https, or an allow-listed host:port. */
export const pushEndpointAllowed = (endpoint: string, allowlist: ReadonlySet<string>): boolean => {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if ((url.protocol === 'http:' || url.protocol === 'https:') && allowlist.has(`${url.hostname.toLowerCase()}:${port}`)) return true;
  return url.protocol === 'https:' && port === 443 && underKnownService(url.hostname.toLowerCase());
};
