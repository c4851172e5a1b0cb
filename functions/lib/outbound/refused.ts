/**
 * Why an outbound request did not complete:
 * - `url`: not a URL; `scheme`: not http(s); `credentials`: user:password in the URL;
 * - `address`: the host is, or resolves to, an address that is not public (and is not on the allow-list);
 * - `redirect`: more redirects than allowed;
 * - `size`: the response is larger than the cap; `timeout`: the time cap ran out (connect or total);
 * - `network`: DNS or the connection failed (nothing answered).
 */
export type OutboundRefusalReason = 'url' | 'scheme' | 'credentials' | 'address' | 'redirect' | 'size' | 'timeout' | 'network';

const RETRYABLE: ReadonlySet<OutboundRefusalReason> = new Set(['timeout', 'network']);

/**
 * An outbound request that the guard refused or that could not complete. The message names the host at most,
 * never the address a name resolved to (telling a user which internal address a name has is itself a leak), so
 * it may be shown to the user who gave the URL.
 */
export class OutboundRefused extends Error {
  readonly reason: OutboundRefusalReason;
  constructor(reason: OutboundRefusalReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OutboundRefused';
    this.reason = reason;
  }

  /** Whether the same request may succeed later (a time-out or a network failure); a refusal never will. */
  get retryable() {
    return RETRYABLE.has(this.reason);
  }
}
