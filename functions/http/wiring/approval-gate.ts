import { brandFitApprovalGate } from '#core/generation/approval-gate';
import { getContentSettings } from '#data/content';

/** The brand-fit gate of task status writes: the brand's minimum from its content settings (kept light for the task routes' bundles). */
export const approvalGate = brandFitApprovalGate(
  async (ctx, projectId) => (await getContentSettings({ workspaceId: ctx.workspaceId, projectId }))?.brandFitMinScore ?? null,
);
