import { api } from '../../api/client';
import type { ReviewDecision } from './review-state';

/** GET /review/{token}/posts: public, no sign-in; the page says itself when the link is unknown or withdrawn. */
export const fetchReviewPosts = (token: string, signal?: AbortSignal) => api.call('getReviewPosts', { params: { token }, notify: false, signal });

export type DecisionInput = { decision: ReviewDecision; comment: string; reviewerName: string };

/** POST /review/{token}/posts/{id}: approve one post or request changes; answers the posts as they now stand. */
export const sendPostDecision = (token: string, taskUid: string, input: DecisionInput) => {
  const comment = input.comment.trim();
  const name = input.reviewerName.trim();
  return api.call('decideReviewPost', {
    params: { token, id: taskUid },
    notify: false,
    body: { decision: input.decision, ...(comment ? { comment } : {}), ...(name ? { reviewer_name: name } : {}) },
  });
};

/**
 * POST /workspaces/{workspaceId}/review-links: one review link for several tasks waiting for review (at most
 * MAX_REVIEW_POSTS); answers its url to send the client. For a bulk "Share for review" of selected rows.
 */
export const shareForReview = (workspaceId: string, taskUids: readonly string[]) =>
  api.call('shareForReview', { params: { workspaceId }, body: { task_ids: [...taskUids] } });
