import { PLANS } from '#shared/plans';

type SeatPlan = { includedSeats: number; maxUsers: number };

export type AdditionalSeatsCheck =
  | { ok: true; seats: number }
  /** not a whole number of 0 or more */
  | { ok: false; reason: 'invalid' }
  /** included + additional seats above the plan's maximum users (seats_exceed_plan) */
  | { ok: false; reason: 'exceedsPlan' };

/**
 * The 'Add number of additional seats' input (spec 5, 9): a whole number of 0 or more, and the included seats
 * plus the additional ones must not exceed the plan's maximum users.
 */
export const checkAdditionalSeats = (value: string, plan: SeatPlan = PLANS.BUSINESS): AdditionalSeatsCheck => {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return { ok: false, reason: 'invalid' };
  const seats = Number(trimmed);
  if (plan.includedSeats + seats > plan.maxUsers) return { ok: false, reason: 'exceedsPlan' };
  return { ok: true, seats };
};
