import type { z } from 'zod/mini';
import type { reviewDecisionBody, reviewPost, reviewPosts } from '#shared/schemas/collab';
import type { TaskType } from '#shared/schemas/task';

export type ReviewPosts = z.infer<typeof reviewPosts>;
export type ReviewPost = z.infer<typeof reviewPost>;
export type ReviewDecision = z.infer<typeof reviewDecisionBody>['decision'];
export type ReviewDecisionEntry = ReviewPost['decisions'][number];

/**
 * Where a review link's visitor stands on one post: they may decide now; they just decided (the answer is shown,
 * the buttons are gone); or the post is not waiting for review (decided earlier, or moved on), read-only.
 */
export type ReviewPhase =
  | { kind: 'open' }
  | { kind: 'decided'; decision: ReviewDecision }
  | { kind: 'closed'; last: ReviewDecisionEntry | undefined };

/** The newest decision given on a post, if any. */
export const lastDecision = (decisions: readonly ReviewDecisionEntry[]): ReviewDecisionEntry | undefined => decisions.at(-1);

export const reviewPhase = (post: Pick<ReviewPost, 'can_decide' | 'decisions'>, decidedHere: ReviewDecision | undefined): ReviewPhase => {
  if (decidedHere) return { kind: 'decided', decision: decidedHere };
  if (post.can_decide) return { kind: 'open' };
  return { kind: 'closed', last: lastDecision(post.decisions) };
};

/** Requesting changes needs a word on what to change; approving does not. */
export const decisionProblem = (decision: ReviewDecision, comment: string): 'comment_required' | undefined =>
  decision === 'rejected' && comment.trim() === '' ? 'comment_required' : undefined;

/** What the reviewer calls the items: a post is a post; anything else a task. */
export type ReviewNoun = 'post' | 'task';
export const reviewNoun = (type: TaskType): ReviewNoun => (type === 'post' ? 'post' : 'task');
/** One noun for the whole link: posts when every item is a post. */
export const linkNoun = (posts: readonly Pick<ReviewPost, 'task'>[]): ReviewNoun =>
  posts.every(({ task }) => reviewNoun(task.ticket_type) === 'post') ? 'post' : 'task';

/** How many posts still wait for the visitor's decision. */
export const waitingCount = (posts: readonly Pick<ReviewPost, 'can_decide'>[]): number => posts.filter((post) => post.can_decide).length;
