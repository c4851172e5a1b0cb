import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { createWebhookProvider, WEBHOOK_EVENT } from '#lib/providers/webhook';
import { deliveryTask, newDeliveryId, useFakeProviders } from './providers-support';

const SECRET = `whsec_${Buffer.from('a'.repeat(32)).toString('base64')}`;
const OLD_SECRET = `whsec_${Buffer.from('b'.repeat(32)).toString('base64')}`;

describe('webhook provider against the fake receiver', () => {
  const fakes = useFakeProviders();
  const provider = createWebhookProvider({ timeoutMs: 400 });
  const send = (name: string, secrets: Record<string, unknown> = { signing_secret: SECRET }, settings: Record<string, unknown> = {}) =>
    provider.send({ deliveryId: newDeliveryId(), attempt: 1, task: deliveryTask(), settings: { url: fakes().urls.webhook(name), ...settings }, secrets });

  it('posts the documented payload, signed so the receiver verifies it, with the delivery id as webhook-id', async () => {
    fakes().receiver.register('signed', [SECRET]);
    const deliveryId = newDeliveryId();

    const result = await provider.send({ deliveryId, attempt: 1, task: deliveryTask(), settings: { url: fakes().urls.webhook('signed'), headers: { 'X-Team': 'content' } }, secrets: { signing_secret: SECRET } });

    expect(result).toMatchObject({ ok: true, status: 204 });
    const [record] = fakes().recorder.list('webhook');
    expect(record?.detail).toMatchObject({ webhookId: deliveryId, valid: true });
    expect(record?.body).toMatchObject({ type: WEBHOOK_EVENT, data: { delivery_id: deliveryId, test: false, task: { number: 42, summary: 'Instagram reel for the spring launch', due_date: '2026-12-01' } } });
  });

  it('signs with both secrets while a rotation overlaps: a receiver holding either one accepts it', async () => {
    fakes().receiver.register('old-only', [OLD_SECRET]);
    fakes().receiver.register('new-only', [SECRET]);
    const secrets = { signing_secret: SECRET, previous_signing_secret: OLD_SECRET };

    const results = [await send('old-only', secrets), await send('new-only', secrets)];

    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(fakes().receiver.stats('old-only')).toMatchObject({ valid: 1, invalid: 0 });
    expect(fakes().receiver.stats('new-only')).toMatchObject({ valid: 1, invalid: 0 });
  });

  it('a receiver with another secret refuses it (401, not retried)', async () => {
    fakes().receiver.register('other', [OLD_SECRET]);

    const result = await send('other');

    expect(result).toMatchObject({ ok: false, retryable: false, status: 401 });
  });

  it('a retry carries the same webhook-id, so the receiver counts it as a duplicate', async () => {
    fakes().receiver.register('dedupe', [SECRET]);
    const deliveryId = newDeliveryId();
    const input = { deliveryId, task: deliveryTask(), settings: { url: fakes().urls.webhook('dedupe') }, secrets: { signing_secret: SECRET } };

    await provider.send({ ...input, attempt: 1 });
    await provider.send({ ...input, attempt: 2 });

    expect(fakes().receiver.stats('dedupe')).toMatchObject({ received: 2, unique: 1, duplicates: 1 });
  });

  it('signatures verify with the standardwebhooks package over the exact bytes received', async () => {
    let captured: { headers: Record<string, string>; text: string } | undefined;
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        captured = { headers: req.headers as Record<string, string>, text };
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const own = createWebhookProvider({ timeoutMs: 400, policy: { allowlist: new Set([`127.0.0.1:${port}`]), resolve: async () => [] } });

    const result = await own.send({ deliveryId: 'dlv_fixed', attempt: 1, task: deliveryTask(), settings: { url: `http://127.0.0.1:${port}/hook`, headers: { 'webhook-id': 'forged', Host: 'evil' } }, secrets: { signing_secret: SECRET } });
    server.close();

    expect(result.ok).toBe(true);
    expect(captured!.headers['webhook-id']).toBe('dlv_fixed');
    expect(captured!.headers.host).toBe(`127.0.0.1:${port}`);
    expect(() => new Webhook(SECRET).verify(captured!.text, captured!.headers)).not.toThrow();
  });

  it.each([
    [429, true, 30],
    [500, true, undefined],
    [503, true, 30],
    [408, true, undefined],
    [404, false, undefined],
    [400, false, undefined],
  ])('classifies an answer of %i (retryable %s, Retry-After %s)', async (status, retryable, retryAfterSeconds) => {
    fakes().failures.set('webhook', { rate: 1, status });

    const result = await send('classify');

    expect(result).toMatchObject({ ok: false, status, retryable });
    expect(result.ok ? undefined : result.retryAfterSeconds).toBe(retryAfterSeconds);
  });

  it('a receiver that does not answer in time is a retryable timeout', async () => {
    fakes().failures.set('webhook', { timeoutRate: 1 });

    const result = await send('slow');

    expect(result).toMatchObject({ ok: false, retryable: true });
    expect(result.ok === false && result.error).toMatch(/did not answer/);
  });

  it('refuses a private address outside the allow-list, for good', async () => {
    const result = await provider.send({ deliveryId: newDeliveryId(), attempt: 1, task: deliveryTask(), settings: { url: 'http://169.254.169.254/latest/meta-data' }, secrets: { signing_secret: SECRET } });

    expect(result).toMatchObject({ ok: false, retryable: false });
  });

  it('verify refuses a non-http URL and names the field', async () => {
    expect(await provider.verify({ settings: { url: 'file:///etc/passwd' }, secrets: {} })).toMatchObject({ ok: false, field: 'url' });
    expect(await provider.verify({ settings: { url: fakes().urls.webhook('x') }, secrets: {} })).toMatchObject({ ok: true });
  });
});
