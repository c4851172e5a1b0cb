import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { stripeApiBase } from '#lib/clients/stripe';
import { decodeForm } from '../../local/stripe-form';
import { startStripeEmulator, type StripeEmulator } from '../../local/stripe-emulator';
import { closeServer, HOST, listen } from '../../local/net';
import { handleClockRequest } from '../../local/clock';

describe('Stripe form encoding', () => {
  it('decodes bracketed keys into objects and arrays, as the SDK encodes them', () => {
    const text =
      'mode=subscription&line_items[0][price]=p1&line_items[0][quantity]=1&line_items[1][price]=p2&expand[0]=data.product&expand[]=x&subscription_data[metadata][workspaceId]=w1';
    expect(decodeForm(text)).toEqual({
      mode: 'subscription',
      line_items: [
        { price: 'p1', quantity: '1' },
        { price: 'p2' },
      ],
      expand: ['data.product', 'x'],
      subscription_data: { metadata: { workspaceId: 'w1' } },
    });
  });
});

describe('the local Stripe', () => {
  const secretKey = 'sk_test_unit';
  const webhookSecret = 'whsec_unit';
  let emulator: StripeEmulator;
  let receiver: Server;
  let stripe: Stripe;
  let now = new Date('2026-11-21T10:00:00.000Z');
  const received: { event: Stripe.Event; signatureOk: boolean }[] = [];

  const body = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => resolve(text));
    });

  beforeAll(async () => {
    receiver = createServer(async (req, res) => {
      const payload = await body(req);
      let signatureOk = true;
      try {
        Stripe.webhooks.constructEvent(payload, String(req.headers['stripe-signature']), webhookSecret, 300, undefined, now.getTime());
      } catch {
        signatureOk = false;
      }
      received.push({ event: JSON.parse(payload) as Stripe.Event, signatureOk });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
    const port = await listen(receiver, 0);
    emulator = await startStripeEmulator({
      secretKey,
      webhookSecret,
      webhookUrl: `http://${HOST}:${port}/webhook`,
      pagesUrl: 'http://app.local/_local/stripe',
      clock: () => now,
    });
    stripe = new Stripe(secretKey, { ...stripeApiBase(emulator.apiUrl), maxNetworkRetries: 0 });
  });
  afterAll(async () => {
    await emulator.stop();
    await closeServer(receiver);
  });

  it('seeds the Business prices of shared/plans, found by lookup key with their product', async () => {
    const { data } = await stripe.prices.list({ lookup_keys: ['business_month_base', 'business_year_seat'], expand: ['data.product'] });
    expect(data.map((p) => [p.lookup_key, p.unit_amount, p.nickname, p.recurring?.interval, (p.product as Stripe.Product).name])).toEqual([
      ['business_month_base', 9900, 'base', 'month', 'Business'],
      ['business_year_seat', 2000, 'seat', 'year', 'Business'],
    ]);
  });

  it('refuses a wrong key (401) and answers resource_missing for unknown ids', async () => {
    const wrong = new Stripe('sk_test_wrong', { ...stripeApiBase(emulator.apiUrl), maxNetworkRetries: 0 });
    await expect(wrong.prices.list()).rejects.toMatchObject({ statusCode: 401 });
    await expect(stripe.subscriptions.retrieve('sub_nope')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('runs a checkout: session, confirm, signed webhooks, subscription with items, then updates and cancels', async () => {
    // Arrange
    const customer = await stripe.customers.create({ email: 'pay@example.com', metadata: { workspaceId: 'ws1' } });
    expect((await stripe.customers.list({ email: 'pay@example.com' })).data.map((c) => c.id)).toEqual([customer.id]);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [
        { price: 'price_business_month_base', quantity: 1 },
        { price: 'price_business_month_seat', quantity: 2 },
      ],
      subscription_data: { metadata: { workspaceId: 'ws1' }, trial_period_days: 3 },
      success_url: 'http://app.local/billing?refresh=true&s={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.local/billing',
    });
    expect(session.url).toBe(`http://app.local/_local/stripe/checkout/${session.id}`);

    // Act
    const location = await emulator.confirmCheckout(session.id);

    // Assert
    expect(location).toBe(`http://app.local/billing?refresh=true&s=${session.id}`);
    expect(received.map((r) => [r.event.type, r.signatureOk])).toEqual([
      ['customer.subscription.created', true],
      ['checkout.session.completed', true],
      ['invoice.paid', true],
    ]);
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: 'complete', subscription: expect.stringMatching(/^sub_/) });
    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string, { expand: ['items.data.price.product'] });
    expect(subscription).toMatchObject({ status: 'trialing', metadata: { workspaceId: 'ws1' }, trial_end: Math.floor(now.getTime() / 1000) + 3 * 86_400 });
    expect(subscription.items.data.map((i) => [i.price.nickname, i.quantity, (i.price.product as Stripe.Product).name])).toEqual([
      ['base', 1, 'Business'],
      ['seat', 2, 'Business'],
    ]);

    const seat = subscription.items.data[1];
    const updated = await stripe.subscriptions.update(subscription.id, { items: [{ id: seat.id, quantity: 4 }] });
    expect(updated.items.data[1].quantity).toBe(4);
    now = new Date(now.getTime() + 60_000);
    const cancelled = await stripe.subscriptions.cancel(subscription.id);
    expect(cancelled).toMatchObject({ status: 'canceled', ended_at: Math.floor(now.getTime() / 1000) });
    expect(received.slice(3).map((r) => [r.event.type, r.signatureOk])).toEqual([
      ['customer.subscription.updated', true],
      ['customer.subscription.deleted', true],
    ]);
  });

  it('serves an accessible checkout page with the plan, seats, total and both buttons', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [
        { price: 'price_business_year_base', quantity: 1 },
        { price: 'price_business_year_seat', quantity: 1 },
      ],
      success_url: 'http://app.local/ok',
      cancel_url: 'http://app.local/no',
    });
    const server = createServer((req, res) => void emulator.handlePage(req, res, new URL(req.url!, 'http://x').pathname.replace('/_local/stripe', '')));
    const port = await listen(server, 0);
    try {
      const page = await fetch(`http://${HOST}:${port}/_local/stripe/checkout/${session.id}`);
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain('<html lang="en">');
      expect(html.match(/<h1>/g)).toHaveLength(1);
      expect(html).toContain('Subscribe to Business');
      expect(html).toContain('<caption>Order summary</caption>');
      expect(html).toContain('$970.00');
      expect(html).toContain('<label for="email">Email</label>');
      expect(html).toMatch(/<button type="submit" class="primary">Confirm subscription<\/button>/);
      expect(html).toMatch(/formaction="[^"]+\/cancel">Cancel<\/button>/);
      const cancel = await fetch(`http://${HOST}:${port}/_local/stripe/checkout/${session.id}/cancel`, { method: 'POST', redirect: 'manual' });
      expect([cancel.status, cancel.headers.get('location')]).toEqual([303, 'http://app.local/no']);
      expect((await fetch(`http://${HOST}:${port}/_local/stripe/checkout/cs_test_nope`)).status).toBe(404);
    } finally {
      await closeServer(server);
    }
  });

  it('answers a retried POST with the same Idempotency-Key once', async () => {
    const send = () =>
      fetch(`${emulator.apiUrl}/v1/customers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secretKey}`, 'idempotency-key': 'k1', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=once%40example.com',
      }).then((r) => r.json() as Promise<{ id: string }>);
    const [first, second] = [await send(), await send()];
    expect(second.id).toBe(first.id);
    expect((await stripe.customers.list({ email: 'once@example.com' })).data).toHaveLength(1);
  });
});

describe('the local clock', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => void handleClockRequest(req, res));
    url = `http://${HOST}:${await listen(server, 0)}`;
  });
  afterAll(async () => {
    delete process.env.CLOCK_OFFSET_MS;
    await closeServer(server);
  });

  it('sets CLOCK_OFFSET_MS for the in-process functions, and 0 clears it', async () => {
    const set = await fetch(url, { method: 'POST', body: JSON.stringify({ offsetMs: 1_209_600_000 }) });
    expect(await set.json()).toMatchObject({ offsetMs: 1_209_600_000 });
    expect(process.env.CLOCK_OFFSET_MS).toBe('1209600000');
    await fetch(url, { method: 'POST', body: JSON.stringify({ offsetMs: 0 }) });
    expect(process.env.CLOCK_OFFSET_MS).toBeUndefined();
    expect((await fetch(url, { method: 'POST', body: '{"offsetMs": 1e20}' })).status).toBe(400);
    expect((await fetch(url, { method: 'PUT' })).status).toBe(405);
  });
});
