import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import Stripe from 'stripe';
import { PLANS, priceLookupKey, type BillingInterval } from '#shared/plans';
import { boolOf, decodeForm, intOf, listOf, mapOf, objectsOf, stringOf, type FormObject } from './stripe-form';
import { renderCheckoutPage, renderNotFound } from './stripe-checkout-page';
import { closeServer, HOST, listen } from './net';

/**
 * A small Stripe for the local stack. Its API (own port; the `stripe` SDK is pointed at it with host/port/
 * protocol) speaks what the functions call: form-encoded bodies, `expand[]`, list objects, Stripe's error shape,
 * Bearer secret key, Idempotency-Key. The catalogue is seeded from shared/plans (lookup keys, nickname 'base').
 * Its human side is mounted under the gateway's origin (`/_local/stripe`): a checkout page with "Confirm
 * subscription" and "Cancel" that creates the subscription, sends SIGNED webhooks to the webhook route and
 * redirects to success_url. Time comes from `clock`, the same (movable) clock as the functions, so signatures,
 * trials and periods agree with them. State persists in `stateFile` when given.
 */
export type StripeEmulatorOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Where signed events are POSTed (the gateway's /api/stripe/webhook). */
  webhookUrl: string;
  /** Origin + mount path of the human pages, e.g. http://127.0.0.1:3000/_local/stripe. */
  pagesUrl: string;
  clock: () => Date;
  stateFile?: string;
  /** Port of the API server; 0 = random. */
  port?: number;
};

type Obj = Record<string, any>;
type EventRecord = { event: Obj; deliveries: { at: string; status: number | string }[] };
type State = {
  products: Record<string, Obj>;
  prices: Record<string, Obj>;
  customers: Record<string, Obj>;
  sessions: Record<string, Obj>;
  subscriptions: Record<string, Obj>;
  invoices: Record<string, Obj>;
  events: EventRecord[];
};

const API_VERSION = Stripe.API_VERSION;
const EVENT_LIMIT = 300;

class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}
const missing = (kind: string, id: string, param = 'id') => new StripeError(404, `No such ${kind}: '${id}'`, 'resource_missing', param);

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** The catalogue of shared/plans: one Business product, base and per-seat prices per interval. */
export const seedCatalogue = (created: number) => {
  const product = {
    id: 'prod_business',
    object: 'product',
    active: true,
    name: PLANS.BUSINESS.name,
    description: `Up to ${PLANS.BUSINESS.maxUsers} users; ${PLANS.BUSINESS.includedSeats} seats included`,
    metadata: { plan: PLANS.BUSINESS.id },
    created,
    livemode: false,
  };
  const prices: Obj[] = (Object.keys(PLANS.BUSINESS.prices) as BillingInterval[]).flatMap((interval) =>
    (['base', 'seat'] as const).map((kind) => {
      const lookupKey = priceLookupKey(interval, kind);
      return {
        id: `price_${lookupKey}`,
        object: 'price',
        active: true,
        currency: 'usd',
        unit_amount: kind === 'base' ? PLANS.BUSINESS.prices[interval].base : PLANS.BUSINESS.prices[interval].perUser,
        nickname: kind,
        lookup_key: lookupKey,
        product: product.id,
        recurring: { interval, interval_count: 1, usage_type: 'licensed' },
        type: 'recurring',
        billing_scheme: 'per_unit',
        metadata: kind === 'base' ? { included_seats: String(PLANS.BUSINESS.includedSeats) } : {},
        created,
        livemode: false,
      };
    }),
  );
  return { products: { [product.id]: product }, prices: Object.fromEntries(prices.map((p) => [p.id, p])) };
};

const emptyState = (): State => ({ products: {}, prices: {}, customers: {}, sessions: {}, subscriptions: {}, invoices: {}, events: [] });

const addInterval = (seconds: number, interval: string) => {
  const date = new Date(seconds * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
};

export type StripeEmulator = {
  /** The API base for STRIPE_API_URL, e.g. http://127.0.0.1:41234. */
  apiUrl: string;
  port: number;
  /** Serves the human pages under the gateway (mount prefix stripped by the caller's `rest`). */
  handlePage: (req: IncomingMessage, res: ServerResponse, rest: string) => Promise<void>;
  /** Completes a checkout as the page's Confirm button does; answers where the browser is sent. */
  confirmCheckout: (sessionId: string) => Promise<string>;
  events: () => EventRecord[];
  stop: () => Promise<void>;
};

export const startStripeEmulator = async (options: StripeEmulatorOptions): Promise<StripeEmulator> => {
  let state = emptyState();
  if (options.stateFile && existsSync(options.stateFile)) {
    try {
      state = { ...emptyState(), ...(JSON.parse(readFileSync(options.stateFile, 'utf8')) as State) };
    } catch {
      state = emptyState();
    }
  }
  const nowSeconds = () => Math.floor(options.clock().getTime() / 1000);
  // The catalogue always follows shared/plans.
  Object.assign(state, seedCatalogue(nowSeconds()));
  const save = () => {
    if (!options.stateFile) return;
    mkdirSync(dirname(options.stateFile), { recursive: true });
    writeFileSync(`${options.stateFile}.tmp`, JSON.stringify(state));
    renameSync(`${options.stateFile}.tmp`, options.stateFile);
  };
  save();

  // ---- objects ---------------------------------------------------------------------------------------------

  const list = (url: string, data: Obj[], limit = 10) => ({ object: 'list', url, has_more: data.length > limit, data: data.slice(0, limit) });

  const lookup = (id: string): Obj | undefined => {
    const table = id.startsWith('prod_')
      ? state.products
      : id.startsWith('price_')
        ? state.prices
        : id.startsWith('cus_')
          ? state.customers
          : id.startsWith('sub_')
            ? state.subscriptions
            : id.startsWith('in_')
              ? state.invoices
              : id.startsWith('cs_')
                ? state.sessions
                : undefined;
    return table?.[id];
  };

  /** Applies `expand[]` paths (e.g. items.data.price.product, data.product, subscription) to a deep copy. */
  const expand = (object: Obj, paths: string[]): Obj => {
    const copy = structuredClone(object);
    const walk = (node: any, parts: string[]): any => {
      if (node === null || node === undefined || parts.length === 0) return node;
      const [head, ...rest] = parts;
      if (Array.isArray(node)) return node.map((entry) => walk(entry, parts));
      let value = node[head];
      if (typeof value === 'string' && rest.length === 0) value = structuredClone(lookup(value) ?? value);
      else if (typeof value === 'string') value = structuredClone(lookup(value) ?? value);
      node[head] = rest.length ? walk(value, rest) : value;
      return node;
    };
    for (const path of paths) walk(copy, path.split('.'));
    return copy;
  };

  const subscriptionView = (subscription: Obj) => ({
    ...subscription,
    items: { ...subscription.items, data: subscription.items.data.map((item: Obj) => ({ ...item, price: structuredClone(state.prices[item.price.id] ?? item.price) })) },
  });

  // ---- webhooks ----------------------------------------------------------------------------------------------

  const deliver = async (record: EventRecord) => {
    const payload = JSON.stringify(record.event, null, 2);
    for (let attempt = 0; attempt < 3; attempt++) {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret, timestamp: nowSeconds() });
      try {
        const response = await fetch(options.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (local emulator)' },
          body: payload,
        });
        record.deliveries.push({ at: new Date().toISOString(), status: response.status });
        if (response.ok) return;
      } catch (error) {
        record.deliveries.push({ at: new Date().toISOString(), status: (error as Error).message });
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
    console.error(`[stripe] webhook ${record.event.type} ${record.event.id} not delivered: ${JSON.stringify(record.deliveries)}`);
  };

  /** Records an event with a snapshot of its object and delivers it (awaited, in order, like a slow Stripe). */
  const emit = async (type: string, object: Obj, previous?: Obj) => {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const record: EventRecord = { event, deliveries: [] };
    state.events = [...state.events, record].slice(-EVENT_LIMIT);
    save();
    await deliver(record);
    save();
  };

  // ---- behaviour ---------------------------------------------------------------------------------------------

  const createCustomer = (params: FormObject) => {
    const customer = {
      id: newId('cus'),
      object: 'customer',
      email: stringOf(params.email) ?? null,
      name: stringOf(params.name) ?? null,
      metadata: mapOf(params.metadata),
      created: nowSeconds(),
      livemode: false,
    };
    state.customers[customer.id] = customer;
    return customer;
  };

  const createSession = (params: FormObject) => {
    if (stringOf(params.mode) !== 'subscription') throw new StripeError(400, 'Only mode=subscription is emulated', 'parameter_invalid_string', 'mode');
    const customerId = stringOf(params.customer);
    if (customerId && !state.customers[customerId]) throw missing('customer', customerId, 'customer');
    const lineItems = objectsOf(params.line_items).map((item, index) => {
      const priceId = stringOf(item.price) ?? '';
      const price = state.prices[priceId];
      if (!price) throw missing('price', priceId, `line_items[${index}][price]`);
      const quantity = intOf(item.quantity) ?? 1;
      if (quantity < 0) throw new StripeError(400, 'Invalid quantity', 'parameter_invalid_integer', `line_items[${index}][quantity]`);
      return { price: priceId, quantity };
    });
    if (lineItems.length === 0) throw new StripeError(400, 'line_items is required', 'parameter_missing', 'line_items');
    for (const field of ['success_url', 'cancel_url'] as const) {
      if (!stringOf(params[field])) throw new StripeError(400, `Missing required param: ${field}.`, 'parameter_missing', field);
    }
    const subscriptionData = (params.subscription_data ?? {}) as FormObject;
    const trialDays = intOf(subscriptionData.trial_period_days);
    if (trialDays !== undefined && trialDays < 1) {
      throw new StripeError(400, 'trial_period_days must be at least 1', 'parameter_invalid_integer', 'subscription_data[trial_period_days]');
    }
    const id = `cs_test_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`;
    const amount = lineItems.reduce((sum, item) => sum + state.prices[item.price].unit_amount * item.quantity, 0);
    const created = nowSeconds();
    const session = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: customerId ?? null,
      customer_email: customerId ? null : (stringOf(params.customer_email) ?? null),
      client_reference_id: stringOf(params.client_reference_id) ?? null,
      metadata: mapOf(params.metadata),
      success_url: stringOf(params.success_url)!,
      cancel_url: stringOf(params.cancel_url)!,
      url: `${options.pagesUrl}/checkout/${id}`,
      subscription: null,
      currency: 'usd',
      amount_subtotal: amount,
      amount_total: trialDays ? 0 : amount,
      created,
      expires_at: created + 24 * 3600,
      livemode: false,
      // Kept for completion; Stripe does not show these on the session itself.
      _line_items: lineItems,
      _subscription_data: { metadata: mapOf(subscriptionData.metadata), trial_period_days: trialDays ?? null },
    };
    state.sessions[id] = session;
    return session;
  };

  const publicSession = (session: Obj) => Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('_')));

  const newInvoice = (subscription: Obj, amount: number) => {
    const invoice = {
      id: newId('in'),
      object: 'invoice',
      status: 'paid',
      customer: subscription.customer,
      currency: 'usd',
      amount_due: amount,
      amount_paid: amount,
      billing_reason: 'subscription_create',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      period_start: subscription.items.data[0]?.current_period_start,
      period_end: subscription.items.data[0]?.current_period_end,
      created: nowSeconds(),
      livemode: false,
    };
    state.invoices[invoice.id] = invoice;
    return invoice;
  };

  const confirmCheckout = async (sessionId: string): Promise<string> => {
    const session = state.sessions[sessionId];
    if (!session) throw missing('checkout.session', sessionId);
    const successUrl = session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
    if (session.status === 'complete') return successUrl;
    if (session.status !== 'open') throw new StripeError(400, 'This checkout session has expired', 'checkout_session_expired');
    let customerId: string = session.customer;
    if (!customerId) {
      customerId = createCustomer({ email: session.customer_email ?? '' }).id;
      session.customer = customerId;
    }
    const now = nowSeconds();
    const trialDays: number | null = session._subscription_data.trial_period_days;
    const trialEnd = trialDays ? now + trialDays * 86_400 : null;
    const subscriptionId = newId('sub');
    const interval = state.prices[session._line_items[0].price].recurring.interval;
    const periodEnd = trialEnd ?? addInterval(now, interval);
    const subscription = {
      id: subscriptionId,
      object: 'subscription',
      status: trialEnd ? 'trialing' : 'active',
      customer: customerId,
      currency: 'usd',
      collection_method: 'charge_automatically',
      metadata: session._subscription_data.metadata,
      items: {
        object: 'list',
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
        has_more: false,
        data: session._line_items.map((item: { price: string; quantity: number }) => ({
          id: newId('si'),
          object: 'subscription_item',
          subscription: subscriptionId,
          price: structuredClone(state.prices[item.price]),
          quantity: item.quantity,
          current_period_start: now,
          current_period_end: periodEnd,
          created: now,
          metadata: {},
        })),
      },
      created: now,
      start_date: now,
      billing_cycle_anchor: periodEnd,
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      latest_invoice: null as string | null,
      livemode: false,
    };
    state.subscriptions[subscriptionId] = subscription;
    const invoice = newInvoice(subscription, trialEnd ? 0 : session.amount_subtotal);
    subscription.latest_invoice = invoice.id;
    Object.assign(session, { status: 'complete', payment_status: trialEnd ? 'no_payment_required' : 'paid', subscription: subscriptionId });
    save();
    await emit('customer.subscription.created', subscriptionView(subscription));
    await emit('checkout.session.completed', publicSession(session));
    await emit('invoice.paid', invoice);
    return successUrl;
  };

  const cancelCheckout = (sessionId: string): string => {
    const session = state.sessions[sessionId];
    if (!session) throw missing('checkout.session', sessionId);
    return session.cancel_url;
  };

  const updateSubscription = async (subscription: Obj, params: FormObject) => {
    const previous: Obj = {};
    if (params.metadata !== undefined) {
      previous.metadata = subscription.metadata;
      subscription.metadata = { ...subscription.metadata, ...mapOf(params.metadata) };
    }
    const cancelAtPeriodEnd = boolOf(params.cancel_at_period_end);
    if (cancelAtPeriodEnd !== undefined) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      subscription.cancel_at_period_end = cancelAtPeriodEnd;
      subscription.cancel_at = cancelAtPeriodEnd ? subscription.items.data[0]?.current_period_end : null;
      subscription.canceled_at = cancelAtPeriodEnd ? nowSeconds() : null;
    }
    const items = objectsOf(params.items);
    if (items.length) previous.items = structuredClone(subscription.items);
    items.forEach((change, index) => {
      const itemId = stringOf(change.id);
      const quantity = intOf(change.quantity);
      const existing = itemId ? subscription.items.data.find((item: Obj) => item.id === itemId) : undefined;
      if (itemId && !existing) throw missing('subscription_item', itemId, `items[${index}][id]`);
      if (existing) {
        if (boolOf(change.deleted)) subscription.items.data = subscription.items.data.filter((item: Obj) => item !== existing);
        else if (quantity !== undefined) existing.quantity = quantity;
        return;
      }
      const priceId = stringOf(change.price) ?? '';
      if (!state.prices[priceId]) throw missing('price', priceId, `items[${index}][price]`);
      const base = subscription.items.data[0];
      subscription.items.data.push({
        id: newId('si'),
        object: 'subscription_item',
        subscription: subscription.id,
        price: structuredClone(state.prices[priceId]),
        quantity: quantity ?? 1,
        current_period_start: base?.current_period_start ?? nowSeconds(),
        current_period_end: base?.current_period_end ?? nowSeconds(),
        created: nowSeconds(),
        metadata: {},
      });
    });
    save();
    await emit('customer.subscription.updated', subscriptionView(subscription), previous);
  };

  const cancelSubscription = async (subscription: Obj) => {
    if (subscription.status === 'canceled') return;
    const now = nowSeconds();
    Object.assign(subscription, { status: 'canceled', canceled_at: subscription.canceled_at ?? now, ended_at: now, cancel_at_period_end: false });
    save();
    await emit('customer.subscription.deleted', subscriptionView(subscription));
  };

  // ---- API routing -------------------------------------------------------------------------------------------

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const idempotent = new Map<string, { status: number; body: unknown }>();

  const route = async (method: string, path: string, params: FormObject): Promise<unknown> => {
    const expansions = listOf(params.expand);
    const parts = path.split('/').filter(Boolean);
    const [version, resource, id, action] = parts;
    if (version !== 'v1') throw new StripeError(404, `Unrecognized request URL (${method}: ${path}).`);
    const one = (table: Record<string, Obj>, kind: string, view: (o: Obj) => Obj = (o) => o) => {
      const found = table[id];
      if (!found) throw missing(kind, id);
      return expand(view(found), expansions);
    };
    const limit = Math.min(100, intOf(params.limit) ?? 10);

    if (resource === 'products') {
      if (method === 'GET' && id) return one(state.products, 'product');
      if (method === 'GET') return list('/v1/products', Object.values(state.products), limit);
    }
    if (resource === 'prices') {
      if (method === 'GET' && id) return one(state.prices, 'price');
      if (method === 'GET') {
        const keys = listOf(params.lookup_keys);
        const active = boolOf(params.active);
        const product = stringOf(params.product);
        const found = Object.values(state.prices).filter(
          (p) => (!keys.length || keys.includes(p.lookup_key)) && (active === undefined || p.active === active) && (!product || p.product === product),
        );
        return expand(list('/v1/prices', found, limit), expansions);
      }
    }
    if (resource === 'customers') {
      if (method === 'GET' && id) return one(state.customers, 'customer');
      if (method === 'GET') {
        const email = stringOf(params.email);
        return list('/v1/customers', Object.values(state.customers).filter((c) => !email || c.email === email).reverse(), limit);
      }
      if (method === 'POST' && !id) {
        const customer = createCustomer(params);
        save();
        return customer;
      }
    }
    if (resource === 'checkout' && id === 'sessions') {
      const sessionId = action;
      if (method === 'POST' && !sessionId) {
        const session = createSession(params);
        save();
        return expand(publicSession(session), expansions);
      }
      if (method === 'GET' && sessionId) {
        const session = state.sessions[sessionId];
        if (!session) throw missing('checkout.session', sessionId);
        return expand(publicSession(session), expansions);
      }
    }
    if (resource === 'subscriptions') {
      if (method === 'GET' && id) return one(state.subscriptions, 'subscription', subscriptionView);
      if (method === 'GET') {
        const customer = stringOf(params.customer);
        const found = Object.values(state.subscriptions).filter((s) => !customer || s.customer === customer).reverse();
        return expand(list('/v1/subscriptions', found.map(subscriptionView), limit), expansions);
      }
      const subscription = id ? state.subscriptions[id] : undefined;
      if (id && !subscription) throw missing('subscription', id);
      if (method === 'POST' && subscription && !action) {
        await updateSubscription(subscription, params);
        return expand(subscriptionView(subscription), expansions);
      }
      if (method === 'DELETE' && subscription) {
        await cancelSubscription(subscription);
        return expand(subscriptionView(subscription), expansions);
      }
    }
    if (resource === 'invoices' && method === 'GET' && id) return one(state.invoices, 'invoice');
    throw new StripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  };

  const sendJson = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), 'stripe-version': API_VERSION });
    res.end(JSON.stringify(body));
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      try {
        if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
          throw new StripeError(401, 'Invalid API Key provided.', undefined, undefined, 'invalid_request_error');
        }
        const method = (req.method ?? 'GET').toUpperCase();
        const body = method === 'GET' || method === 'DELETE' ? url.search.slice(1) : await readBody(req);
        const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
        const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
        if (replay) return sendJson(res, replay.status, replay.body);
        const result = await route(method, url.pathname, decodeForm(body));
        if (typeof key === 'string') idempotent.set(key, { status: 200, body: result });
        sendJson(res, 200, result);
      } catch (error) {
        if (error instanceof StripeError) {
          return sendJson(res, error.status, { error: { type: error.type, message: error.message, code: error.code, param: error.param } });
        }
        console.error('[stripe] emulator error', error);
        sendJson(res, 500, { error: { type: 'api_error', message: (error as Error).message } });
      }
    })();
  });
  const port = await listen(server, options.port ?? 0);

  // ---- pages under the gateway -------------------------------------------------------------------------------

  const PAGE_HEADERS = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(303, { location, 'cache-control': 'no-store' });
    res.end();
  };

  const handlePage = async (req: IncomingMessage, res: ServerResponse, rest: string) => {
    const method = (req.method ?? 'GET').toUpperCase();
    if (rest === '/events.json' && method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      return void res.end(JSON.stringify(state.events));
    }
    const match = /^\/checkout\/([A-Za-z0-9_]+)(?:\/(confirm|cancel))?$/.exec(rest);
    const session = match ? state.sessions[match[1]] : undefined;
    if (!match || !session) {
      res.writeHead(404, PAGE_HEADERS);
      return void res.end(renderNotFound());
    }
    const action = match[2];
    if (!action && (method === 'GET' || method === 'HEAD')) {
      const items = session._line_items.map((item: { price: string; quantity: number }) => ({
        price: state.prices[item.price],
        product: state.products[state.prices[item.price].product],
        quantity: item.quantity,
      }));
      const customer = session.customer ? state.customers[session.customer] : undefined;
      res.writeHead(200, PAGE_HEADERS);
      return void res.end(
        renderCheckoutPage({
          session: session as { id: string; status: string; amount_subtotal: number },
          items,
          email: customer?.email ?? session.customer_email ?? '',
          trialDays: session._subscription_data.trial_period_days,
          actionBase: `${new URL(options.pagesUrl).pathname}/checkout/${session.id}`,
          now: options.clock(),
        }),
      );
    }
    if (method !== 'POST') {
      res.writeHead(405, { allow: 'GET, POST' });
      return void res.end();
    }
    await readBody(req);
    try {
      redirect(res, action === 'confirm' ? await confirmCheckout(session.id) : cancelCheckout(session.id));
    } catch (error) {
      res.writeHead(error instanceof StripeError ? error.status : 500, PAGE_HEADERS);
      res.end(renderNotFound((error as Error).message));
    }
  };

  return {
    apiUrl: `http://${HOST}:${port}`,
    port,
    handlePage,
    confirmCheckout,
    events: () => state.events,
    stop: () => closeServer(server),
  };
};
