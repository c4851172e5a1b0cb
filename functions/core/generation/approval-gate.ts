import type { WorkspaceContext } from '#lib/context';
import { assertBrandFitAllowsApproval, contentHash, type StoredBrandFit } from './brand-fit';
import { taskTexts } from './off-brand';

/** The task as the gate reads it: its type, brand, texts and stored check. */
type GatedTask = {
  projectId: string;
  ticketType: string;
  hook?: string;
  hookVariations?: string[];
  caption?: string;
  script?: string;
  brandFit?: unknown;
};

/** A task write that moves a task to Needs approval calls this with the task as it would be written. */
export type ApprovalGate = (ctx: WorkspaceContext, next: GatedTask) => Promise<void>;

/**
 * The brand's `brand_fit_min_score` at the door of Needs approval: a Post task goes there only with a current check
 * (of the texts it is moving with) at or above the minimum. Other task types have no texts to check.
 */
export const brandFitApprovalGate =
  (loadMinScore: (ctx: WorkspaceContext, projectId: string) => Promise<number | null>): ApprovalGate =>
  async (ctx, next) => {
    if (next.ticketType !== 'post') return;
    const minScore = await loadMinScore(ctx, next.projectId);
    const stored = next.brandFit as StoredBrandFit | undefined;
    assertBrandFitAllowsApproval(minScore, stored?.check && stored.contentHash ? stored : undefined, contentHash(taskTexts(next)));
  };
