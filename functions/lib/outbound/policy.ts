import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { config, OUTBOUND_ALLOWLIST_ENV } from '../config';
import { OutboundRefused } from './refused';

/**
 * Which addresses an outbound request may reach: public unicast ones, after DNS, for every address a name has;
 * plus the `host:port` pairs of the allow-list, whatever they resolve to. The rest of the module applies it to a
 * URL (before a request and at each redirect) and to each connection (the address is checked where the socket
 * is opened, and the socket connects to the address that was checked).
 */
export type ResolvedAddress = { address: string; family: number };
/** All the addresses of a name. Injected in tests (a fake DNS); `systemResolver` otherwise. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type OutboundPolicy = {
  /** Normalised `host:port` keys (see `originKey`). */
  allowlist: ReadonlySet<string>;
  resolve: Resolver;
};

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Every global unicast IPv6 address lies here; the rest (IPv4-compatible ::/96, ::/8, …) is not for us to call. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether an IP literal is a public unicast address. ipaddr.js names every special range (private, loopback,
 * link-local incl. 169.254.169.254, CGNAT, multicast, broadcast, reserved and documentation ranges, unique-local
 * incl. fd00:ec2::254, IPv4-mapped, NAT64, 6to4, Teredo, …); only `unicast` passes. An IPv4-mapped address is
 * refused outright rather than unwrapped: a public site has no reason to be reached that way.
 */
export const isPublicAddress = (address: string): boolean => {
  if (isIP(address) === 0) return false;
  try {
    const parsed = ipaddr.parse(address);
    if (parsed.range() !== 'unicast') return false;
    return parsed.kind() === 'ipv4' || parsed.match(GLOBAL_UNICAST_V6);
  } catch {
    return false;
  }
};

/** `host:port` as the allow-list holds it: lower case, IPv6 in brackets (as the URL parser writes a hostname). */
export const originKey = (hostname: string, port: number) => `${isIP(hostname) === 6 ? `[${hostname}]` : hostname.toLowerCase()}:${port}`;

/**
 * The allow-list from its configuration text: comma-separated `host:port`, each normalised by the URL parser
 * (so `0x7f.1:80` is `127.0.0.1:80`). A malformed entry throws, naming it: a typo must not widen anything.
 */
export const parseAllowlist = (text: string): ReadonlySet<string> =>
  new Set(
    text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => {
        const port = Number(/:(\d{1,5})$/.exec(entry)?.[1]);
        let url: URL | undefined;
        try {
          url = new URL(`http://${entry}`);
        } catch {
          // Reported below.
        }
        if (!url || !(port > 0 && port < 65536) || url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
          throw new Error(`${OUTBOUND_ALLOWLIST_ENV}: "${entry}" is not a host:port pair`);
        }
        return originKey(url.hostname, port);
      }),
  );

let configured: { allowlist: string; policy: OutboundPolicy } | undefined;

/**
 * The policy of the function's configuration: the system's DNS and OUTBOUND_ALLOWLIST. The same object while the
 * setting stays the same, so the guarded fetcher's kept connections (pooled per policy) serve every call.
 */
export const configuredPolicy = (): OutboundPolicy => {
  const allowlist = config.outboundAllowlist;
  if (configured?.allowlist !== allowlist) configured = { allowlist, policy: { allowlist: parseAllowlist(allowlist), resolve: systemResolver } };
  return configured.policy;
};

export const refusedAddress = (host: string) => new OutboundRefused('address', `${host} is not a public address, so it may not be called`);

/** A URL the guard may request: what it is (parsed by the WHATWG parser, which normalises 0x7f.1, 2130706433, …). */
export type OutboundTarget = {
  url: URL;
  /** Without IPv6 brackets, as sockets take it. */
  hostname: string;
  port: number;
  allowlisted: boolean;
};

/**
 * Checks what can be checked from the URL alone: http(s) only, no credentials, and a host that is an IP literal
 * must be public. A name's addresses are checked when the connection resolves it (`guardedLookup`).
 */
export const outboundTarget = (input: string | URL, policy: OutboundPolicy): OutboundTarget => {
  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    throw new OutboundRefused('url', 'Not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefused('scheme', `Only http and https URLs may be called, not ${url.protocol}`);
  }
  if (url.username || url.password) throw new OutboundRefused('credentials', 'A URL may not carry a user name or password');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const allowlisted = policy.allowlist.has(originKey(hostname, port));
  if (!allowlisted && isIP(hostname) !== 0 && !isPublicAddress(hostname)) throw refusedAddress(url.hostname);
  return { url, hostname, port, allowlisted };
};

const networkError = (hostname: string, cause?: unknown) => new OutboundRefused('network', `${hostname} could not be resolved`, { cause });

/**
 * A socket `lookup` that resolves once and hands the socket only addresses it checked: every address of the
 * name must be public (`checked`), or one bad answer among good ones would be a coin toss away from a private
 * host. The socket connects to what this answers and never asks DNS again, so a name cannot rebind between the
 * check and the connection.
 */
export const guardedLookup =
  (resolve: Resolver, checked: boolean): LookupFunction =>
  (hostname, options, callback) => {
    const answer = resolve(hostname).then(
      (addresses) => {
        if (checked && addresses.some(({ address }) => !isPublicAddress(address))) throw refusedAddress(hostname);
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = addresses.filter((address) => !family || address.family === family);
        if (!usable.length) throw networkError(hostname);
        return usable;
      },
      (error: unknown) => {
        throw error instanceof OutboundRefused ? error : networkError(hostname, error);
      },
    );
    answer.then(
      (usable) => (options.all ? callback(null, usable) : callback(null, usable[0].address, usable[0].family)),
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
