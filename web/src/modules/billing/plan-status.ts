import type { Billing } from '#shared/schemas/billing';

export type PlanStatusKind = 'success' | 'info' | 'warning' | 'stopped' | 'pending' | 'error';
export type PlanStatusKey =
  | 'active'
  | 'trialing'
  | 'past_due'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'unpaid'
  | 'whitelisted'
  | 'freeTrial'
  | 'trialEnded'
  | 'unknown';

const SUBSCRIPTION: Record<string, { kind: PlanStatusKind; key: PlanStatusKey }> = {
  active: { kind: 'success', key: 'active' },
  trialing: { kind: 'info', key: 'trialing' },
  past_due: { kind: 'warning', key: 'past_due' },
  canceled: { kind: 'stopped', key: 'canceled' },
  incomplete: { kind: 'pending', key: 'incomplete' },
  incomplete_expired: { kind: 'stopped', key: 'incomplete_expired' },
  unpaid: { kind: 'error', key: 'unpaid' },
};

/**
 * The status line of the plan: the subscription's status when there is one (spec 4: active and trialing count;
 * canceled, incomplete_expired and past_due make the plan invalid), else whitelisted, on the free trial, or ended.
 */
export const planStatus = (billing: Pick<Billing, 'status' | 'whitelisted' | 'active'>): { kind: PlanStatusKind; key: PlanStatusKey } => {
  if (billing.status) return SUBSCRIPTION[billing.status] ?? { kind: 'info', key: 'unknown' };
  if (billing.whitelisted) return { kind: 'success', key: 'whitelisted' };
  return billing.active ? { kind: 'info', key: 'freeTrial' } : { kind: 'error', key: 'trialEnded' };
};
