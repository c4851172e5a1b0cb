import { CONTENT_LIMITS, type FeedbackBody, type FeedbackEntry } from '#shared/schemas/content';
import type { WorkspaceContext } from '#lib/context';
import { newTimeId } from '#lib/ids';
import type { BrandRef, ContentFeedbackItem } from '#data/content';
import type { Clock } from '../clock';

export type FeedbackDeps = {
  clock: Clock;
  putFeedback: (entry: ContentFeedbackItem) => Promise<void>;
  listFieldFeedback: (brand: BrandRef, field: string, limit: number) => Promise<ContentFeedbackItem[]>;
  listBrandFeedback: (brand: BrandRef) => Promise<ContentFeedbackItem[]>;
};

export const toFeedbackEntry = (item: ContentFeedbackItem): FeedbackEntry => ({
  uid: item.uid,
  field: item.field,
  content: item.content,
  rating: item.rating ?? null,
  created_by: item.createdBy,
  created_at: item.createdAt,
});

/** Records feedback on a generated field of the brand's, by the caller. */
export const giveFeedback = async (deps: Pick<FeedbackDeps, 'clock' | 'putFeedback'>, ctx: WorkspaceContext, brand: BrandRef, field: string, body: FeedbackBody): Promise<FeedbackEntry> => {
  const item: ContentFeedbackItem = {
    ...brand,
    field,
    uid: newTimeId(),
    content: body.content,
    ...(body.rating ? { rating: body.rating } : {}),
    createdBy: ctx.userId,
    createdAt: deps.clock().toISOString(),
  };
  await deps.putFeedback(item);
  return toFeedbackEntry(item);
};

/** One field's newest entries (CONTENT_LIMITS.feedbackList), oldest of them first: what a prompt and the page read. */
export const fieldFeedback = async (deps: Pick<FeedbackDeps, 'listFieldFeedback'>, brand: BrandRef, field: string): Promise<FeedbackEntry[]> =>
  (await deps.listFieldFeedback(brand, field, CONTENT_LIMITS.feedbackList)).reverse().map(toFeedbackEntry);

/** Every field's feedback, newest first, the newest CONTENT_LIMITS.feedbackList per field (the AI Feedback page). */
export const brandFeedback = async (deps: Pick<FeedbackDeps, 'listBrandFeedback'>, brand: BrandRef): Promise<FeedbackEntry[]> => {
  const perField = new Map<string, number>();
  return (await deps.listBrandFeedback(brand))
    .sort((a, b) => (a.createdAt === b.createdAt ? (a.uid < b.uid ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1))
    .filter((item) => {
      const seen = (perField.get(item.field) ?? 0) + 1;
      perField.set(item.field, seen);
      return seen <= CONTENT_LIMITS.feedbackList;
    })
    .map(toFeedbackEntry);
};
