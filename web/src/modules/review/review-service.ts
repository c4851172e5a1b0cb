import { api } from '../../api/client';
import type { ReviewDecision } from './review-state';

/** GET /review/{token}: public, no sign-in; the page says itself when the link is unknown or withdrawn. */
export const fetchReview = (token: string, signal?: AbortSignal) => api.call('getReview', { params: { token }, notify: false, signal });

export type DecisionInput = { decision: ReviewDecision; comment: string; reviewerName: string };

/** POST /review/{token}: approve or request changes; answers the view as it now stands. */
export const sendDecision = (token: string, input: DecisionInput) => {
  const comment = input.comment.trim();
  const name = input.reviewerName.trim();
  return api.call('decideReview', {
    params: { token },
    notify: false,
    body: { decision: input.decision, ...(comment ? { comment } : {}), ...(name ? { reviewer_name: name } : {}) },
  });
};
