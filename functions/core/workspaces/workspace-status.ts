import { planIdentifier, trialStatus, workspaceActiveAt, DAY_MS } from '#shared/plans';
import { TRIAL_DAYS } from '#shared/constants';
import type { WorkspaceItem } from '#data/workspaces';

export type WorkspaceStatus = {
  active: boolean;
  plan: string;
  trial: { on_trial: boolean; days_remaining: number; expired: boolean; started_at: string; ends_at: string };
};

/**
 * Whether the workspace may be used (spec 4): whitelisted, on its 14-day trial, or with an active or trialing
 * subscription. Computed on the server's clock so no browser clock can unlock a workspace.
 */
export const workspaceStatus = (workspace: WorkspaceItem, now: Date): WorkspaceStatus => {
  const trial = trialStatus(workspace.createdAt, now);
  return {
    active: workspaceActiveAt(workspace, now),
    plan: planIdentifier(workspace.subscriptionStatus, workspace.subscriptionPlan),
    trial: {
      on_trial: trial.onTrial,
      days_remaining: trial.daysRemaining,
      expired: trial.expired,
      started_at: workspace.createdAt,
      ends_at: new Date(new Date(workspace.createdAt).getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
    },
  };
};
