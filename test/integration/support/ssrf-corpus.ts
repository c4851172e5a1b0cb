import { siteUrl } from './generation';

/**
 * Every form of a non-public target a user-given URL may take (loopback in all its spellings, IPv6-mapped,
 * decimal, octal and hex forms, private, carrier-grade NAT, link-local and the metadata services, credentials in the
 * URL): each suite that fetches a URL a user gave asserts each one is refused, through its own route.
 */
export const SSRF_CORPUS = [
  'http://127.0.0.1/',
  'http://localhost:8080/',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://2130706433/',
  'http://0x7f.0.0.1/',
  'http://0177.0.0.1/',
  'http://017700000001/',
  'http://127.1/',
  'http://0/',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fd00:ec2::254]/',
  'http://[fe80::1]/',
  'http://user:pass@example.com/',
] as const;

/**
 * A metadata service's host name: refused where DNS resolves it to its link-local address, unreachable where it
 * does not resolve (this machine); never fetched either way.
 */
export const METADATA_HOST_URL = 'http://metadata.google.internal./';

/** A public (allow-listed) page of the fakes that redirects to `target`: the redirect must be refused like the target. */
export const redirectTo = (target: string) => siteUrl(`/site/redirect?to=${encodeURIComponent(target)}`);
