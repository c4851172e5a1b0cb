import type { z } from 'zod/mini';
import type { reviewDecisionBody, reviewView } from '#shared/schemas/collab';
import type { TaskActivity } from '#shared/schemas/task';

export type ReviewView = z.infer<typeof reviewView>;
export type ReviewDecision = z.infer<typeof reviewDecisionBody>['decision'];

/**
 * Where a review link's visitor stands: they may decide now; they just decided (the answer is shown, the buttons
 * are gone); or the task is not waiting for review (decided earlier, or moved on), read-only.
 */
export type ReviewPhase =
  | { kind: 'open' }
  | { kind: 'decided'; decision: ReviewDecision }
  | { kind: 'closed'; last: TaskActivity | undefined };

/** The newest review decision in the activity, if any. */
export const lastReview = (activity: readonly TaskActivity[]): TaskActivity | undefined =>
  [...activity].reverse().find((entry) => entry.type === 'review');

export const reviewPhase = (view: ReviewView, decidedHere: ReviewDecision | undefined): ReviewPhase => {
  if (decidedHere) return { kind: 'decided', decision: decidedHere };
  if (view.can_decide) return { kind: 'open' };
  return { kind: 'closed', last: lastReview(view.activity) };
};

/** Requesting changes needs a word on what to change; approving does not. */
export const decisionProblem = (decision: ReviewDecision, comment: string): 'comment_required' | undefined =>
  decision === 'rejected' && comment.trim() === '' ? 'comment_required' : undefined;
