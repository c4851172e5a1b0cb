import type { RouteName } from '#shared/routes';
import { baseUrl } from '../../support/api';
import { prices } from '../../support/billing';
import { pastEntry } from '../../cases/collab-cases';
import type { Tenant } from './world';

/**
 * Bodies that pass every domain rule in front of the code under attack, for the few routes where a body made
 * from the schema alone would be refused earlier (Stripe's real price ids, URLs on the app's origin, times in the
 * past). Every other route's body comes from its schema. Keyed by route name, so a renamed route fails to compile.
 */
export type Bodies = Partial<Record<RouteName, (t: Tenant) => unknown>>;

/** Body fields a route takes for the SPA's sake and ignores (the caller comes from the token): no id of anybody's. */
export const IGNORED_FIELDS: Partial<Record<RouteName, readonly string[]>> = { createCheckoutSession: ['userId'] };

export const realisticBodies = async (token: string): Promise<Bodies> => {
  const monthly = (await prices(token)).find((plan) => plan.interval === 'month')!;
  return {
    createCheckoutSession: (t) => ({
      name: 'Business',
      seats: 0,
      priceId: monthly.basePriceId,
      pricePerUserId: monthly.seatPriceId,
      success_url: `${baseUrl()}/billing?refresh=true`,
      cancel_url: `${baseUrl()}/billing`,
      // The caller comes from the token; the SPA sends this field and the server ignores it.
      userId: 'ignored-the-caller-is-from-the-token',
      email: 'billing@example.com',
      workspaceId: t.workspaceId,
      includedSeats: 5,
    }),
    // Within a day of the task's creation and under a day long, as time entries must be.
    createTimeEntry: () => pastEntry(3),
    updateTimeEntry: () => pastEntry(3),
    decideReview: () => ({ decision: 'rejected', comment: 'Not yet', reviewer_name: 'Attacker' }),
    createComment: () => ({ text: 'Attack comment' }),
  };
};
