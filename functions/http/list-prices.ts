import { billingRoutes } from '#shared/routes/billing';
import { httpHandler } from '#lib/http';
import { catalogue } from './wiring/billing';
import { toPriceList } from '#core/billing/catalogue';

/** The Business plan's prices as the Stripe catalogue has them (looked up by the lookup keys of shared/plans). */
export const handler = httpHandler(billingRoutes.listPrices, async () => toPriceList(await catalogue()));
