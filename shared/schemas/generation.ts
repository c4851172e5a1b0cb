import * as z from 'zod/mini';
import { id, number, text, WEB_ADDRESS_MESSAGE } from './common';
import { CONTENT_LIMITS, voiceSource } from './content';
import { MAX_BULK_TASKS, MAX_LONG_TEXT, MAX_SUMMARY, task } from './task';

/**
 * AI generation (issue 11): what each feature takes and answers, the brand-fit check, and the limits. Written once
 * here; the functions validate with it and the SPA reads the same shapes and limits.
 */

/** Spec 5 and 9: a brand voice is generated from up to 4 selected posts. */
export const MAX_VOICE_POSTS = CONTENT_LIMITS.examplePosts;
export const MAX_POST_TEXT = CONTENT_LIMITS.examplePost;
export const MAX_TOPIC = 500;
export const MAX_SCRIPT = 20_000;
/** How much of a website's readable text goes into the prompt (characters); the rest is cut. */
export const MAX_SITE_TEXT = 12_000;
/** Feedback entries of a field fed into its next generation's prompt, most recent first. */
export const MAX_FEEDBACK_IN_PROMPT = 8;

/**
 * The generated fields feedback is kept for (`POST /projects/{projectId}/feedback/{field}`): each feature's output
 * field, so a thumbs down on a hook steers the next hooks.
 */
export const GENERATED_FIELDS = ['brand_voice', 'blog_post', 'script', 'hook', 'scenes'] as const;
export type GeneratedField = (typeof GENERATED_FIELDS)[number];

/** Long generations run as jobs (they can outlast the HTTP API's 30 s); the rest answer inline. */
export const GENERATION_JOB_FEATURES = ['blog_post', 'script'] as const;
export type GenerationJobFeature = (typeof GENERATION_JOB_FEATURES)[number];
/** The AI job feature name of each (the AI port's job registry). */
export const GENERATION_JOBS = { blog_post: 'generation-blog-post', script: 'generation-script' } as const satisfies Record<GenerationJobFeature, string>;

/** How a result was made: the SPA shows 'Generated in {value} seconds' and the local test model's badge. */
export const generationMeta = z.object({
  generated_in_ms: z.number(),
  model: z.string(),
  /** Made by the local emulator: the UI must never let it pass for a real model. */
  local_test_model: z.boolean(),
});
export type GenerationMeta = z.infer<typeof generationMeta>;

/** 'Generated in {value} seconds', one decimal. */
export const generatedSeconds = (meta: Pick<GenerationMeta, 'generated_in_ms'>) => (meta.generated_in_ms / 1000).toFixed(1);

// ---------------------------------------------------------------------------------------------------------------
// Brand fit

/**
 * The rules a text is scored on. Off-brand terms are checked deterministically (no model): a phrase that uses one
 * is flagged with its position. The off-brand rules, the default voice's tone and the fit to a pillar are judged
 * by the model.
 */
export const BRAND_FIT_RULE_KINDS = ['off_brand_terms', 'off_brand_rule', 'voice_tone', 'pillar_fit'] as const;
export type BrandFitRuleKind = (typeof BRAND_FIT_RULE_KINDS)[number];

/** The text fields of a Post task the check reads (and the generated fields of blog posts and scripts). */
export const CHECKED_FIELDS = ['hook', 'hook_variations', 'caption', 'script', 'blog_post'] as const;
export type CheckedField = (typeof CHECKED_FIELDS)[number];

export const flaggedPhrase = z.object({
  field: z.enum(CHECKED_FIELDS),
  /** For a list field (hook variations): which item. */
  index: z.nullable(z.number()),
  /** The off-brand term it breaks, as the brand wrote it. */
  term: z.string(),
  /** The words as they appear in the text. */
  phrase: z.string(),
  /** Character offsets in the field's text: [start, end). */
  start: z.number(),
  end: z.number(),
});
export type FlaggedPhrase = z.infer<typeof flaggedPhrase>;

export const brandFitRule = z.object({
  kind: z.enum(BRAND_FIT_RULE_KINDS),
  /** What the rule is: the brand's rule text, the voice's name, the pillar. */
  label: z.string(),
  score: z.number(),
  passed: z.boolean(),
  reason: z.string(),
});
export type BrandFitRule = z.infer<typeof brandFitRule>;

export const brandFit = z.object({
  /** 0–100. */
  score: z.number(),
  rules: z.array(brandFitRule),
  flagged: z.array(flaggedPhrase),
  checked_at: z.string(),
  /** The brand's minimum (content settings), null when it sets none. */
  min_score: z.nullable(z.number()),
  /** Whether the score reaches the minimum (true without one). */
  meets_min: z.boolean(),
});
export type BrandFit = z.infer<typeof brandFit>;

/** The last check stored on a task, as the task page shows it: `stale` once the checked text changed. */
export const taskBrandFit = z.object({ check: z.nullable(brandFit), stale: z.boolean() });
export type TaskBrandFit = z.infer<typeof taskBrandFit>;

// ---------------------------------------------------------------------------------------------------------------
// Requests and answers

export const generationParams = z.object({ workspaceId: id, projectId: id });
export const generationTaskParams = z.object({ workspaceId: id, projectId: id, taskId: id });

const topic = text(MAX_TOPIC, { trim: true, required: 'must not be empty' });
const optionalPillar = z.optional(text(200, { trim: true }));

/**
 * A brand voice from a website (`url`, fetched through the guarded fetcher) or from a social account (`handle` and up
 * to 4 `posts`). One flat object rather than a union, so every field is checked whatever the source says; which
 * fields the source needs is checked by the feature (400 naming the missing one).
 */
export const BRAND_VOICE_SOURCES = ['website', 'social'] as const;
export const generateBrandVoiceBody = z.object({
  source: z.enum(BRAND_VOICE_SOURCES),
  // No `i` flag: the attack suite's generator draws strings from the pattern, and the task links are written alike.
  url: z.optional(text(2048, { trim: true }).check(z.regex(/^https?:\/\/\S+$/, WEB_ADDRESS_MESSAGE))),
  handle: z.optional(text(CONTENT_LIMITS.handle, { trim: true }).check(z.regex(/^@?[A-Za-z0-9._]{1,100}$/, 'must be a handle (letters, digits, . and _)'))),
  posts: z.optional(
    z
      .array(text(MAX_POST_TEXT, { trim: true, required: 'must not be empty' }))
      .check(z.minLength(1, 'must have at least 1 post'), z.maxLength(MAX_VOICE_POSTS, `must have at most ${MAX_VOICE_POSTS} posts`)),
  ),
});
export type GenerateBrandVoiceBody = z.output<typeof generateBrandVoiceBody>;

/** The generated voice: a draft the user edits and saves as a brand voice. */
export const brandVoiceDraft = z.object({
  name: z.string(),
  description: z.string(),
  traits: z.array(z.string()),
  example_posts: z.array(z.string()),
  source: voiceSource,
});
export type BrandVoiceDraft = z.infer<typeof brandVoiceDraft>;

export const brandVoiceResult = z.object({ draft: brandVoiceDraft, meta: generationMeta });

export const generateHooksBody = z.object({
  /** What the post is about; the task's summary when absent. */
  topic: z.optional(topic),
  pillar: optionalPillar,
});
/** A hook and its three variations, written into the Post task; the task's brand fit checked after. */
export const hooksResult = z.object({
  hook: z.string(),
  hook_variations: z.array(z.string()),
  task,
  brand_fit: brandFit,
  meta: generationMeta,
});

export const generateLongFormBody = z.object({ topic, pillar: optionalPillar });
export type GenerateLongFormBody = z.output<typeof generateLongFormBody>;

export const blogPost = z.object({ title: z.string(), body: z.string() });
export const videoScript = z.object({ title: z.string(), script: z.string() });
/** A job's finished value for each long feature. */
export const longFormResult = z.object({
  feature: z.enum(GENERATION_JOB_FEATURES),
  title: z.string(),
  text: z.string(),
  brand_fit: brandFit,
  meta: generationMeta,
});
export type LongFormResult = z.infer<typeof longFormResult>;

export const extractScenesBody = z.object({ script: text(MAX_SCRIPT, { trim: true, required: 'must not be empty' }) });
export const scene = z.object({
  scene: z.number(),
  visuals: z.string(),
  voice_over: z.string(),
  duration_seconds: z.number(),
});
export type Scene = z.infer<typeof scene>;
export const scenesResult = z.object({ scenes: z.array(scene), meta: generationMeta });

export const brandFitResult = z.object({ brand_fit: brandFit, meta: generationMeta });

/** The brand's minimum brand-fit score (content settings `brand_fit_min_score`). */
export const brandFitMinScore = z.nullable(number(0, 100));

// ---- action items of call notes

/** The action items of call notes: at most as many as one bulk create can take beside the notes task. */
export const MAX_FOUND_ACTION_ITEMS = MAX_BULK_TASKS - 1;

export const findActionItemsBody = z.object({ notes: text(MAX_LONG_TEXT, { required: 'must not be empty' }) });
export type FindActionItemsBody = z.output<typeof findActionItemsBody>;

/** One action item: a task summary, the line of the notes it came from (when known), who it was given to. */
export const foundActionItem = z.object({ summary: z.string(), line: z.optional(z.number()), owner: z.optional(z.string()) });
export type FoundActionItem = z.infer<typeof foundActionItem>;

/**
 * The action items found: by the AI provider ('ai', with how it was made), or by the to-do line rules of
 * shared/action-items.ts ('rules') where no provider is set up.
 */
export const actionItemsResult = z.object({
  items: z.array(foundActionItem),
  source: z.enum(['ai', 'rules']),
  meta: z.nullable(generationMeta),
});
export type ActionItemsResult = z.infer<typeof actionItemsResult>;

/** What the model answers for call notes (validated, then cleaned: summaries fitted, lines checked). */
export const modelActionItems = z.object({
  items: z
    .array(
      z.object({
        summary: z.string().check(z.maxLength(MAX_SUMMARY * 2)),
        line: z.nullable(z.number()),
        owner: z.nullable(z.string().check(z.maxLength(100))),
      }),
    )
    .check(z.maxLength(MAX_FOUND_ACTION_ITEMS)),
});
