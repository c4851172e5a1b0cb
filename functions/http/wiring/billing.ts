import { cachedCatalogue, catalogueMismatches, loadCatalogue } from '#core/billing/catalogue';
import type { SyncDeps } from '#core/billing/sync-subscription';
import { findWorkspaceOfSubscription, getWorkspaceById, linkSubscription, writeBillingState } from '#data/billing';
import { stripe } from '#lib/clients/stripe';
import { logger } from '#lib/logger';

/**
 * Wiring shared by the billing handlers (entries are where core meets data and clients, so it lives with them,
 * not in lib, which core depends on): the Stripe price catalogue (cached per cold start, checked against
 * shared/plans) and the dependencies of the subscription sync (webhook and verify).
 */
export const catalogue = cachedCatalogue(async () => {
  const loaded = await loadCatalogue(await stripe());
  const mismatches = catalogueMismatches(loaded);
  if (mismatches.length) logger.warn('Stripe catalogue differs from shared/plans', { mismatches });
  return loaded;
});

export const syncDeps = async (): Promise<SyncDeps> => ({
  stripe: await stripe(),
  getWorkspaceById,
  findWorkspaceOfSubscription,
  linkSubscription,
  writeBillingState,
  // Wall clock on purpose: it orders Stripe reads, and the product clock may be moved by tests.
  readStamp: () => Date.now(),
  log: (message, detail) => logger.info(message, detail),
});
