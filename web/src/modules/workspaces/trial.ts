import type { Workspace } from '#shared/schemas/workspace';

/** What the trial banner says, or nothing (spec 4). */
export type TrialBannerState = { kind: 'none' } | { kind: 'trial'; daysRemaining: number } | { kind: 'ended' };

export const FREE_PLAN = 'FREE';

/**
 * The banner from the server's view of the workspace (its clock, not the browser's): days remaining while on
 * trial, a trial-ended prompt once it expired. Whitelisted and paying workspaces see none.
 */
export const trialBanner = (workspace: Pick<Workspace, 'whitelisted' | 'plan' | 'trial'>): TrialBannerState => {
  if (workspace.whitelisted || workspace.plan.toUpperCase() !== FREE_PLAN) return { kind: 'none' };
  if (workspace.trial.on_trial) return { kind: 'trial', daysRemaining: workspace.trial.days_remaining };
  if (workspace.trial.expired) return { kind: 'ended' };
  return { kind: 'none' };
};
