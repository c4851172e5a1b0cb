import type { GeneratedField } from '#shared/schemas/generation';
import type { PromptMessage } from './generate';
import { strategyContext, systemPrompt } from './prompt-context';
import type { BrandStrategy, FeedbackNote } from './strategy';
import type { CheckedText } from './off-brand';

/**
 * The prompt template of each generation feature: its id (what the playground lists), the generated field its
 * feedback is kept under, and how its messages are built from the brand's strategy, the field's feedback and the
 * feature's input. Registered with the AI port's definePrompt in wiring; core renders them.
 */
export type TemplateInput<V> = { strategy: BrandStrategy; feedback: readonly FeedbackNote[]; vars: V };

export type GenerationTemplate<V> = {
  id: string;
  title: string;
  field: GeneratedField | null;
  render: (input: TemplateInput<V>) => PromptMessage[];
  /** Variables that make a plausible example, for the playground. */
  example: V;
};

const template = <V>(t: GenerationTemplate<V>) => t;

const withFeedback = (role: string) => (field: GeneratedField) => (input: TemplateInput<unknown>) => systemPrompt(role, input.strategy, field, input.feedback);

export type BrandVoiceVars = { source: 'website'; url: string; siteText: string } | { source: 'social'; handle: string; posts: readonly string[] };

export const brandVoiceTemplate = template<BrandVoiceVars>({
  id: 'generation-brand-voice',
  title: 'Brand voice from a website or social posts',
  field: 'brand_voice',
  render: (input) => [
    {
      role: 'system',
      content: withFeedback(
        'You describe the voice of a brand for its content team: a short name for the voice, a description of how it sounds, 3 to 6 traits (one or two words each) and 2 to 4 short example social posts written in it.',
      )('brand_voice')(input),
    },
    {
      role: 'user',
      content:
        input.vars.source === 'website'
          ? `Describe the brand voice of the website ${input.vars.url}. Its readable text:\n"""\n${input.vars.siteText}\n"""`
          : `Describe the brand voice of the social account ${input.vars.handle} from these posts:\n${input.vars.posts.map((p, i) => `Post ${i + 1}:\n"""\n${p}\n"""`).join('\n')}`,
    },
  ],
  example: { source: 'social', handle: '@example', posts: ['Fresh sourdough every morning, baked by people who love it.'] },
});

export type TopicVars = { topic: string; pillar: string | null; taskSummary?: string };

const topicLine = (vars: TopicVars) => [`Topic: ${vars.topic}`, vars.pillar ? `Content pillar: ${vars.pillar}` : ''].filter(Boolean).join('\n');

export const hooksTemplate = template<TopicVars>({
  id: 'generation-hooks',
  title: 'Hook and three variations for a post',
  field: 'hook',
  render: (input) => [
    {
      role: 'system',
      content: withFeedback('You write the opening hook of a short social video or post: one line that stops the scroll, in the brand’s voice, then three different variations of it.')('hook')(input),
    },
    { role: 'user', content: `${topicLine(input.vars)}\nWrite one hook and exactly three variations.` },
  ],
  example: { topic: 'Why our bread rests for 48 hours', pillar: 'Behind the scenes' },
});

export type PostIdeasVars = { url: string; count: number };

/** Post ideas for a brand known only by its website and the voice drafted from it (the public try page). */
export const postIdeasTemplate = template<PostIdeasVars>({
  id: 'generation-post-ideas',
  title: 'Post ideas from a brand voice',
  field: null,
  render: (input) => [
    {
      role: 'system',
      content: [
        'You suggest social media post ideas for a brand, in its voice: for each a short working title, the opening hook (one line that stops the scroll) and the format (Reel, Carousel, Story, Short, Post).',
        strategyContext(input.strategy),
        'Answer with JSON only, following the given schema.',
      ].join('\n\n'),
    },
    { role: 'user', content: `Suggest exactly ${input.vars.count} different post ideas for the brand of ${input.vars.url}.` },
  ],
  example: { url: 'https://crumbandco.example', count: 3 },
});

export const blogPostTemplate = template<TopicVars>({
  id: 'generation-blog-post',
  title: 'Blog post from a pillar',
  field: 'blog_post',
  render: (input) => [
    { role: 'system', content: withFeedback('You write blog posts for the brand: a title and a body of 400 to 800 words in plain paragraphs, in the brand’s voice, for its audiences.')('blog_post')(input) },
    { role: 'user', content: `${topicLine(input.vars)}\nWrite the blog post.` },
  ],
  example: { topic: 'How to keep sourdough fresh', pillar: 'Education' },
});

export const scriptTemplate = template<TopicVars>({
  id: 'generation-script',
  title: 'Video script from a pillar',
  field: 'script',
  render: (input) => [
    {
      role: 'system',
      content: withFeedback(
        'You write short-form video scripts for the brand (30 to 90 seconds spoken): a title and the script, with the hook first, then the body, then a call to action, in the brand’s voice.',
      )('script')(input),
    },
    { role: 'user', content: `${topicLine(input.vars)}\nWrite the video script.` },
  ],
  example: { topic: 'A day at the bakery', pillar: 'Behind the scenes' },
});

export type ScenesVars = { script: string };

export const scenesTemplate = template<ScenesVars>({
  id: 'generation-scenes',
  title: 'Scenes (shot list) from a script',
  field: 'scenes',
  render: (input) => [
    {
      role: 'system',
      content: withFeedback(
        'You turn a video script into a shot list: numbered scenes in order, each with what is seen (visuals), the words spoken over it (voice-over, taken from the script) and its duration in seconds.',
      )('scenes')(input),
    },
    { role: 'user', content: `The script:\n"""\n${input.vars.script}\n"""` },
  ],
  example: { script: 'Hook: You have been storing bread wrong.\nBody: Keep it cut side down on a board.\nCTA: Follow for more.' },
});

export type BrandFitVars = { texts: readonly CheckedText[] };

/** The model-judged part of the brand-fit check: no feedback field (it judges, it does not write). */
export const brandFitTemplate = template<BrandFitVars>({
  id: 'generation-brand-fit',
  title: 'Brand-fit judgement of a draft',
  field: null,
  render: (input) => [
    {
      role: 'system',
      content: [
        'You check a draft against a brand’s strategy. Score each off-brand rule (100: fully respected, 0: clearly broken), the tone against the brand voice, and the fit to the closest content pillar (name it), each 0 to 100 with a one-sentence reason that quotes the draft where it matters. Answer null for the voice tone when the brand has no voice, and for the pillar fit when it has no pillars.',
        strategyContext(input.strategy),
        'Answer with JSON only, following the given schema.',
      ].join('\n\n'),
    },
    {
      role: 'user',
      content: `The draft:\n${input.vars.texts.map((t) => `[${t.field}${t.index === null ? '' : ` ${t.index + 1}`}]\n${t.text}`).join('\n\n')}`,
    },
  ],
  example: { texts: [{ field: 'caption', index: null, text: 'The cheapest bread in town, guaranteed!' }] },
});

export const GENERATION_TEMPLATES = [brandVoiceTemplate, hooksTemplate, postIdeasTemplate, blogPostTemplate, scriptTemplate, scenesTemplate, brandFitTemplate] as const;
