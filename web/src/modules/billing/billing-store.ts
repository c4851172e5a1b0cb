import type { RouteResponse, Routes } from '#shared/routes';
import type { Billing, Subscription } from '#shared/schemas/billing';
import { create } from 'zustand';

export type PriceList = RouteResponse<Routes['listPrices']>;
export type BillingLoadStatus = 'idle' | 'loading' | 'loaded' | 'error';

type BillingState = {
  /** The workspace the plan state below belongs to. */
  workspaceId: string | null;
  /** Plan, status, dates and seats (GET billing). */
  billing: Billing | null;
  /** The Stripe subscription with its seat counts, when the workspace has one. */
  subscription: Subscription | null;
  status: BillingLoadStatus;
  /** The Business prices; the same for every workspace, so kept when plan state is cleared. */
  prices: PriceList | null;
  pricesStatus: BillingLoadStatus;
};

const noPlan = { workspaceId: null, billing: null, subscription: null, status: 'idle' as BillingLoadStatus };

/** Plan and seat state of the current workspace (spec 3 "plan and subscription"). */
export const useBillingStore = create<BillingState>()(() => ({ ...noPlan, prices: null, pricesStatus: 'idle' }));

/** Loading a workspace starts by clearing its plan state (spec 4). */
export const clearPlanState = () => useBillingStore.setState(noPlan);

/** Logout: nothing of the plan or the prices stays. */
export const resetBillingStore = () => useBillingStore.setState({ ...noPlan, prices: null, pricesStatus: 'idle' });
