import { CONTENT_LIMITS } from '#shared/schemas/content';
import type { BrandVoiceDraft, LongFormResult } from '#shared/schemas/generation';
import { MAX_LONG_TEXT, MAX_SUMMARY, type CreateTaskBody } from '#shared/schemas/task';

/** A text longer than the task field it would go into: the user is told, nothing is cut. */
export type TooLong = { field: 'summary' | 'script' | 'overview'; length: number; max: number };

/** The summary a task made from a generated text starts with: the topic for a script, the post's title for a blog post. */
export const longFormSummary = (result: Pick<LongFormResult, 'feature' | 'title'>, topic: string) =>
  (result.feature === 'script' ? topic : result.title || topic).trim();

/**
 * The create-task body for a generated blog post or video script: a script becomes a Post task with the script in
 * its script field; a blog post a task whose details (overview) hold the text. A text longer than its field is
 * reported, not cut.
 */
export const taskFromLongForm = (
  result: Pick<LongFormResult, 'feature' | 'text'>,
  summary: string,
  projectId: string,
): { body: CreateTaskBody; tooLong?: undefined } | { body?: undefined; tooLong: TooLong } => {
  const title = summary.trim();
  const text = result.text.trim();
  if (title.length > MAX_SUMMARY) return { tooLong: { field: 'summary', length: title.length, max: MAX_SUMMARY } };
  const field = result.feature === 'script' ? 'script' : 'overview';
  if (text.length > MAX_LONG_TEXT) return { tooLong: { field, length: text.length, max: MAX_LONG_TEXT } };
  return {
    body:
      result.feature === 'script'
        ? { summary: title, project_uid: projectId, ticket_type: 'post', script: text }
        : { summary: title, project_uid: projectId, ticket_type: 'task', overview: text },
  };
};

/** What "Copy" puts on the clipboard: the title, a blank line, the text. */
export const longFormClipboardText = (result: Pick<LongFormResult, 'title' | 'text'>) => (result.title ? `${result.title}\n\n${result.text}` : result.text);

/** A generated voice as the draft shows it: at most the posts a brand voice may keep. */
export const draftShown = (draft: BrandVoiceDraft): BrandVoiceDraft => ({ ...draft, example_posts: draft.example_posts.slice(0, CONTENT_LIMITS.examplePosts) });

/** The brand-voice create body of an edited draft: empty traits and posts dropped, each list within its limit. */
export const brandVoiceFromDraft = (draft: BrandVoiceDraft) => ({
  name: draft.name.trim(),
  description: draft.description,
  traits: draft.traits.map((trait) => trait.trim()).filter(Boolean).slice(0, CONTENT_LIMITS.traits),
  example_posts: draft.example_posts.map((post) => post.trim()).filter(Boolean).slice(0, CONTENT_LIMITS.examplePosts),
  source: draft.source,
});
