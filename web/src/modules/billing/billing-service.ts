import type { Billing } from '#shared/schemas/billing';
import { api } from '../../api/client';
import { i18next } from '../../i18n';
import { notify } from '../notifications/notification-store';
import { reloadCurrentWorkspace } from '../workspaces/workspace-service';
import { checkoutRequest, type CheckoutInput } from './checkout-request';
import { useBillingStore } from './billing-store';

const set = useBillingStore.setState;
const isCurrent = (workspaceId: string) => useBillingStore.getState().workspaceId === workspaceId;

/**
 * The subscription behind the plan, when there is one. Whitelisted workspaces skip it (spec 4). A failure is
 * only logged (spec 8): the page still shows the plan from the billing answer.
 */
const loadSubscription = async (workspaceId: string, billing: Billing) => {
  if (billing.whitelisted || !billing.subscription_id) return;
  try {
    const subscription = await api.call('getSubscription', { params: { subscriptionId: billing.subscription_id }, notify: false });
    if (isCurrent(workspaceId)) set({ subscription });
  } catch (reason) {
    console.error("Couldn't fetch subscription", reason);
  }
};

/** Plan, status, dates and seats of a workspace, then its subscription. Failures leave status 'error' for the page. */
export const loadBilling = async (workspaceId: string) => {
  set({ workspaceId, status: 'loading', subscription: null });
  try {
    const billing = await api.call('getBilling', { params: { workspaceId }, notify: false });
    if (!isCurrent(workspaceId)) return;
    set({ billing, status: 'loaded' });
    await loadSubscription(workspaceId, billing);
  } catch (error) {
    if (isCurrent(workspaceId)) set({ status: 'error' });
    console.error('Billing load failed', error);
  }
};

/** The Business prices from the Stripe catalogue, fetched once per session. */
export const loadPrices = async () => {
  const { pricesStatus } = useBillingStore.getState();
  if (pricesStatus === 'loaded' || pricesStatus === 'loading') return;
  set({ pricesStatus: 'loading' });
  try {
    set({ prices: await api.call('listPrices', { notify: false }), pricesStatus: 'loaded' });
  } catch (error) {
    set({ pricesStatus: 'error' });
    console.error('Price list load failed', error);
  }
};

/** Starts Stripe Checkout and leaves the app for it (spec 7: the browser navigates to the session's url). */
export const startCheckout = async (input: CheckoutInput, navigateTo: (url: string) => void = (url) => window.location.assign(url)) => {
  const { url } = await api.call('createCheckoutSession', { body: checkoutRequest(input), notify: false });
  navigateTo(url);
};

const verifying = new Map<string, Promise<Billing>>();

/**
 * Back from checkout (`?refresh=true`, or /verify-subscription): asks the server to read the subscription from
 * Stripe now rather than wait for the webhook, then reloads the workspace (plan, lockdown) and its billing.
 * One return from checkout verifies (and says so) once, however often the page mounts meanwhile.
 */
export const verifySubscription = (workspaceId: string, sessionId?: string): Promise<Billing> => {
  const key = `${workspaceId}:${sessionId ?? ''}`;
  let pending = verifying.get(key);
  if (!pending) {
    pending = (async () => {
      const billing = await api.call('verifySubscription', { params: { workspaceId }, body: sessionId ? { sessionId } : {} });
      await reloadCurrentWorkspace();
      await loadBilling(workspaceId);
      notify.positive(i18next.t('billing.upgraded', { plan: billing.plan.toUpperCase() }));
      return billing;
    })().finally(() => setTimeout(() => verifying.delete(key), VERIFY_DEDUPE_MS));
    verifying.set(key, pending);
  }
  return pending;
};

/** How long a finished verification still answers a repeated one (a remount, a double effect). */
const VERIFY_DEDUPE_MS = 10_000;
