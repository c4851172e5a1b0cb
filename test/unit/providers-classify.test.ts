import { describe, expect, it } from 'vitest';
import { errorFailure, httpFailure, isRetryableStatus, parseRetryAfter, providerErrorText } from '#lib/providers/classify';
import { OutboundRefused } from '#lib/outbound/refused';

describe('provider outcome classification', () => {
  it.each([
    [200, false],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
    [408, true],
    [409, true],
    [410, false],
    [422, false],
    [429, true],
    [500, true],
    [502, true],
    [503, true],
  ])('HTTP %i is retryable: %s', (status, retryable) => {
    expect(isRetryableStatus(status)).toBe(retryable);
  });

  it('reads Retry-After as seconds or as an HTTP date, never negative', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');

    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Mon, 23 Nov 2026 12:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Mon, 23 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it("keeps the provider's own words from each error shape", () => {
    expect(providerErrorText({ errorMessages: [], errors: { issuetype: 'Specify a valid issue type' } }, 'x')).toBe('issuetype: Specify a valid issue type');
    expect(providerErrorText({ error: { code: 404, message: 'Not Found' } }, 'x')).toBe('Not Found');
    expect(providerErrorText({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }, 'x')).toBe('invalid_grant: Token has been expired or revoked.');
    expect(providerErrorText({ errors: [{ message: 'Board not found' }] }, 'x')).toBe('Board not found');
    expect(providerErrorText('no_service', 'x')).toBe('no_service');
    expect(providerErrorText(undefined, 'HTTP 500')).toBe('HTTP 500');
    expect(providerErrorText('x'.repeat(2000), '').length).toBe(500);
  });

  it('a 401 marks the credentials refused; a 429 carries its wait', () => {
    expect(httpFailure({ status: 401, latencyMs: 3 })).toMatchObject({ ok: false, retryable: false, unauthorized: true });
    expect(httpFailure({ status: 429, retryAfter: '30', latencyMs: 3 })).toMatchObject({ ok: false, retryable: true, retryAfterSeconds: 30 });
  });

  it("takes the outbound guard's word: a refused address is final, a time-out or a network failure is not", () => {
    expect(errorFailure(new OutboundRefused('address', '10.0.0.1 is not a public address, so it may not be called'), 1)).toMatchObject({ retryable: false, error: expect.stringContaining('not a public address') });
    expect(errorFailure(new OutboundRefused('timeout', 'example.com did not answer within 10000 ms'), 1)).toMatchObject({ retryable: true });
    expect(errorFailure(new OutboundRefused('network', 'example.com refused the connection (ECONNREFUSED)'), 1)).toMatchObject({ retryable: true });
    expect(errorFailure(new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNRESET' }) }), 1)).toMatchObject({ retryable: true });
    expect(errorFailure(new DOMException('The operation was aborted due to timeout', 'TimeoutError'), 1)).toMatchObject({ retryable: true });
    expect(errorFailure(new Error('something else'), 1)).toMatchObject({ retryable: false });
  });
});
