import { describe, expect, it } from 'vitest';
import { CONTENT_LIMITS } from '#shared/schemas/content';
import type { BrandVoiceDraft, LongFormResult } from '#shared/schemas/generation';
import { createTaskBody, MAX_LONG_TEXT, MAX_SUMMARY } from '#shared/schemas/task';
import { brandVoiceFromDraft, draftShown, longFormClipboardText, longFormSummary, taskFromLongForm } from '../../web/src/modules/generation/generation-drafts';

const result = (changes: Partial<LongFormResult> = {}): Pick<LongFormResult, 'feature' | 'title' | 'text'> => ({
  feature: 'script',
  title: 'Morning bake',
  text: 'Hook: The oven is on at 4.\nBody: Dough rests 48 hours.',
  ...changes,
});

describe('a task from a generated blog post or script', () => {
  it('makes a script a Post task with the script in its script field and the topic as summary', () => {
    const script = result();
    const planned = taskFromLongForm(script, longFormSummary(script, ' A morning at the bakery '), 'p1');
    expect(planned.body).toEqual({ summary: 'A morning at the bakery', project_uid: 'p1', ticket_type: 'post', script: script.text });
    expect(createTaskBody.safeParse(planned.body).success).toBe(true);
  });

  it('makes a blog post a task whose details hold the text, titled by the post', () => {
    const post = result({ feature: 'blog_post', title: 'Why bread rests', text: 'Long read.' });
    const planned = taskFromLongForm(post, longFormSummary(post, 'resting dough'), 'p1');
    expect(planned.body).toEqual({ summary: 'Why bread rests', project_uid: 'p1', ticket_type: 'task', overview: 'Long read.' });
    expect(createTaskBody.safeParse(planned.body).success).toBe(true);
    expect(longFormSummary({ feature: 'blog_post', title: '' }, 'resting dough')).toBe('resting dough');
  });

  it('reports a text longer than the task field instead of cutting it', () => {
    const long = 'x'.repeat(MAX_LONG_TEXT + 1);
    expect(taskFromLongForm(result({ text: long }), 'ok', 'p1')).toEqual({ tooLong: { field: 'script', length: MAX_LONG_TEXT + 1, max: MAX_LONG_TEXT } });
    expect(taskFromLongForm(result({ feature: 'blog_post', text: long }), 'ok', 'p1')).toEqual({ tooLong: { field: 'overview', length: MAX_LONG_TEXT + 1, max: MAX_LONG_TEXT } });
    expect(taskFromLongForm(result({ text: 'x'.repeat(MAX_LONG_TEXT) }), 'ok', 'p1').body?.script).toHaveLength(MAX_LONG_TEXT);
  });

  it('reports a summary (a topic may be up to 500 characters) longer than a task summary holds', () => {
    expect(taskFromLongForm(result(), 't'.repeat(MAX_SUMMARY + 1), 'p1')).toEqual({ tooLong: { field: 'summary', length: MAX_SUMMARY + 1, max: MAX_SUMMARY } });
    expect(taskFromLongForm(result(), 't'.repeat(MAX_SUMMARY), 'p1').body?.summary).toHaveLength(MAX_SUMMARY);
  });

  it('copies the title, a blank line and the text', () => {
    expect(longFormClipboardText(result())).toBe(`Morning bake\n\n${result().text}`);
    expect(longFormClipboardText(result({ title: '' }))).toBe(result().text);
  });
});

describe('the brand-voice draft', () => {
  const draft: BrandVoiceDraft = { name: ' Warm ', description: 'Friendly', traits: ['warm', ' ', 'plain '], example_posts: ['a', 'b', 'c', 'd', 'e'], source: { kind: 'website', url: 'https://bakery.example/' } };

  it('shows at most the example posts a brand voice keeps', () => {
    expect(draftShown(draft).example_posts).toEqual(['a', 'b', 'c', 'd']);
    expect(CONTENT_LIMITS.examplePosts).toBe(4);
  });

  it('saves the edited posts, without the emptied ones, and no more than 4', () => {
    const edited = { ...draft, example_posts: [' edited a ', '', 'b', '   ', 'c', 'd', 'e'] };
    expect(brandVoiceFromDraft(edited)).toEqual({ name: 'Warm', description: 'Friendly', traits: ['warm', 'plain'], example_posts: ['edited a', 'b', 'c', 'd'], source: { kind: 'website', url: 'https://bakery.example/' } });
    expect(brandVoiceFromDraft({ ...draft, example_posts: [] }).example_posts).toEqual([]);
  });
});
