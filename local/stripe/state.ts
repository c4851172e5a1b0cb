import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import Stripe from 'stripe';
import { PLANS, priceLookupKey, type BillingInterval } from '#shared/plans';

/**
 * The local Stripe's state: its objects (catalogue, customers, checkout sessions, subscriptions, invoices, sent
 * events), how they are kept on disk, looked up, expanded and listed as Stripe shows them, and Stripe's error.
 */

export type Obj = Record<string, any>;
export type EventRecord = { event: Obj; deliveries: { at: string; status: number | string }[] };
export type State = {
  products: Record<string, Obj>;
  prices: Record<string, Obj>;
  customers: Record<string, Obj>;
  sessions: Record<string, Obj>;
  subscriptions: Record<string, Obj>;
  invoices: Record<string, Obj>;
  events: EventRecord[];
};

export const API_VERSION = Stripe.API_VERSION;
export const EVENT_LIMIT = 300;

export class StripeError extends Error {
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
export const missing = (kind: string, id: string, param = 'id') => new StripeError(404, `No such ${kind}: '${id}'`, 'resource_missing', param);

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

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

export const emptyState = (): State => ({ products: {}, prices: {}, customers: {}, sessions: {}, subscriptions: {}, invoices: {}, events: [] });

export const addInterval = (seconds: number, interval: string) => {
  const date = new Date(seconds * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
};

/** The objects and how Stripe shows them; persisted to `stateFile` when given. */
export type StripeStore = ReturnType<typeof createStripeStore>;

export const createStripeStore = (options: { clock: () => Date; stateFile?: string }) => {
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

  /** A checkout session without the fields kept for completion (prefixed `_`). */
  const publicSession = (session: Obj) => Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('_')));

  return { state, nowSeconds, save, list, lookup, expand, subscriptionView, publicSession };
};
