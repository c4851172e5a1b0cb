import type Stripe from 'stripe';
import { PLANS, priceLookupKey, type BillingInterval } from '#shared/plans';
import type { RouteResponse, Routes } from '#shared/routes';

/** One Business price of the Stripe catalogue, found by its lookup key. */
export type CataloguePrice = {
  id: string;
  lookupKey: string;
  interval: BillingInterval;
  kind: 'base' | 'seat';
  amount: number;
  currency: string;
  productId: string;
  productName: string;
};
export type Catalogue = readonly CataloguePrice[];

export const INTERVALS: readonly BillingInterval[] = ['month', 'year'];
export const CATALOGUE_LOOKUP_KEYS = INTERVALS.flatMap((interval) => [priceLookupKey(interval, 'base'), priceLookupKey(interval, 'seat')]);

const kindOf = (lookupKey: string) =>
  INTERVALS.flatMap((interval) => (['base', 'seat'] as const).map((kind) => ({ interval, kind })))
    .find(({ interval, kind }) => priceLookupKey(interval, kind) === lookupKey);

/** The Business prices from Stripe's active prices (with their products), keyed by the lookup keys of shared/plans. */
export const toCatalogue = (prices: readonly Stripe.Price[]): Catalogue =>
  prices.flatMap((price) => {
    const found = price.lookup_key ? kindOf(price.lookup_key) : undefined;
    if (!found || !price.active) return [];
    const product = price.product;
    return [
      {
        id: price.id,
        lookupKey: price.lookup_key!,
        ...found,
        amount: price.unit_amount ?? 0,
        currency: price.currency,
        productId: typeof product === 'string' ? product : product.id,
        productName: typeof product === 'string' || product.deleted ? PLANS.BUSINESS.name : product.name,
      },
    ];
  });

/** Reads the catalogue from Stripe: one list call by lookup key. */
export const loadCatalogue = async (stripe: Stripe): Promise<Catalogue> => {
  const { data } = await stripe.prices.list({ lookup_keys: [...CATALOGUE_LOOKUP_KEYS], active: true, expand: ['data.product'], limit: 10 });
  return toCatalogue(data);
};

/** Keeps the catalogue for `ttlMs` per cold start (prices change rarely; a failed load is retried next time). */
export const cachedCatalogue = (load: () => Promise<Catalogue>, ttlMs = 5 * 60_000, now = () => Date.now()) => {
  let cached: { at: number; value: Promise<Catalogue> } | undefined;
  return () => {
    if (!cached || now() - cached.at > ttlMs) {
      const value = load();
      cached = { at: now(), value };
      value.catch(() => (cached = undefined));
    }
    return cached.value;
  };
};

/** The base and per-seat price of one interval, or undefined when the catalogue lacks one. */
export const pricesOf = (catalogue: Catalogue, interval: BillingInterval) => {
  const base = catalogue.find((p) => p.interval === interval && p.kind === 'base');
  const seat = catalogue.find((p) => p.interval === interval && p.kind === 'seat');
  return base && seat ? { base, seat } : undefined;
};

/** GET /billing/prices: the Business plan per interval, as Stripe has it. */
export const toPriceList = (catalogue: Catalogue): RouteResponse<Routes['listPrices']> => ({
  plans: INTERVALS.flatMap((interval) => {
    const pair = pricesOf(catalogue, interval);
    return pair
      ? [
          {
            interval,
            basePriceId: pair.base.id,
            seatPriceId: pair.seat.id,
            baseAmount: pair.base.amount,
            seatAmount: pair.seat.amount,
            currency: pair.base.currency,
          },
        ]
      : [];
  }),
});

/** Differences between the Stripe catalogue and shared/plans (logged, so a misconfigured account is noticed). */
export const catalogueMismatches = (catalogue: Catalogue): string[] =>
  INTERVALS.flatMap((interval) => {
    const pair = pricesOf(catalogue, interval);
    if (!pair) return [`no ${interval} prices with lookup keys ${priceLookupKey(interval, 'base')} / ${priceLookupKey(interval, 'seat')}`];
    const expected = PLANS.BUSINESS.prices[interval];
    return [
      ...(pair.base.amount !== expected.base ? [`${pair.base.lookupKey} is ${pair.base.amount}, plans say ${expected.base}`] : []),
      ...(pair.seat.amount !== expected.perUser ? [`${pair.seat.lookupKey} is ${pair.seat.amount}, plans say ${expected.perUser}`] : []),
    ];
  });
