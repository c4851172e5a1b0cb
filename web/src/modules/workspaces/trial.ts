import { TRIAL_DAYS } from '#shared/constants';
import { differenceInDays, parseISO } from 'date-fns';

export type TrialInfo = {
  /** Whole days since the workspace was created. */
  daysElapsed: number;
  /** TRIAL_DAYS minus the days elapsed; 0 or less once the trial is over. */
  daysLeft: number;
  onTrial: boolean;
  expired: boolean;
};

/** Trial state of spec 4: on trial for days 0–13, remaining = 14 − elapsed, expired at 0 or less. */
export const trialInfo = (createdAt: string, now: Date = new Date()): TrialInfo => {
  const daysElapsed = differenceInDays(now, parseISO(createdAt));
  const daysLeft = TRIAL_DAYS - daysElapsed;
  return { daysElapsed, daysLeft, onTrial: daysElapsed >= 0 && daysElapsed < TRIAL_DAYS, expired: daysLeft <= 0 };
};

/** A workspace pays nothing and needs no trial banner when whitelisted or subscribed. */
export const needsTrialBanner = (workspace: { whitelisted: boolean; stripe_subscription_id: string | null }) =>
  !workspace.whitelisted && !workspace.stripe_subscription_id;
