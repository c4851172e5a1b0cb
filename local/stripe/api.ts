import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readRequestText } from '../net';
import { boolOf, decodeForm, intOf, listOf, stringOf, type FormObject } from '../stripe-form';
import { API_VERSION, missing, newId, StripeError, type Obj, type StripeStore } from './state';
import type { StripeOperations } from './operations';

/**
 * Stripe's HTTP API as the functions call it through the SDK: form-encoded bodies, `expand[]`, list objects,
 * Stripe's error shape, Bearer secret key, Idempotency-Key.
 */
export const createApiServer = (store: StripeStore, operations: StripeOperations, options: { secretKey: string }): Server => {
  const { state, save, list, expand, subscriptionView, publicSession } = store;
  const { createCustomer, createSession, updateSubscription, cancelSubscription } = operations;

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
        const body = method === 'GET' || method === 'DELETE' ? url.search.slice(1) : await readRequestText(req);
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
  return server;
};
