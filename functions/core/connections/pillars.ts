import * as z from 'zod/mini';
import { CONTENT_PILLAR_LIMITS, type SocialConnectionType } from '#shared/schemas/connections';
import { definePrompt } from '#lib/ai/prompts';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { Brand, ConnectionChanges, ConnectionItem } from '#data/connections';
import type { Clock } from '../clock';
import { nextUpdatedAt } from './view';

/**
 * Content pillars of a newly connected account, derived from its recent captions by the AI provider port (an AI job
 * queued when the consent completes). Where no model is configured the job fails and the pillars stay empty for the
 * team to fill; a list the team has written is never replaced.
 */
export const CONTENT_PILLARS_JOB = 'content-pillars';
/** Captions read for it: the newest posts say what the account is about now. */
export const PILLAR_CAPTIONS = 20;
const CAPTION_CHARS = 500;

/** The model's answer: the pillar names. */
export const contentPillarsOutput = z.object({ pillars: z.array(z.string()).check(z.minLength(1), z.maxLength(CONTENT_PILLAR_LIMITS.pillars)) });

export const contentPillarsPrompt = definePrompt({
  id: 'content-pillars',
  title: 'Content pillars from captions (structured)',
  description: "An account's content pillars (the 3–5 recurring themes of its posts) from its recent captions, as JSON.",
  variables: [{ name: 'captions', label: 'Recent captions, one a line', example: 'Sourdough at 5 am #behindthescenes\nOur rye, step by step', multiline: true }],
  render: (variables) => [
    {
      role: 'system',
      content: `You analyse a brand's social media account. Name its content pillars: the 3 to 5 recurring themes of its posts, each a short name of at most ${CONTENT_PILLAR_LIMITS.pillar} characters (e.g. "Behind the scenes", "Recipes").`,
    },
    { role: 'user', content: `Recent captions, one a line:\n${variables.captions || '(none)'}` },
  ],
  output: contentPillarsOutput,
});

export const contentPillarsJobInput = z.object({
  workspaceId: z.string(),
  projectId: z.string(),
  type: z.enum(['instagram', 'youtube']),
  captions: z.array(z.string()).check(z.maxLength(PILLAR_CAPTIONS)),
});
export type ContentPillarsJobInput = z.infer<typeof contentPillarsJobInput>;

/** The job's input: the captions one a line each, trimmed and cut (a caption is a prompt line, not a page). */
export const captionsVariable = (captions: readonly string[]) =>
  captions
    .map((caption) => caption.replace(/\s+/g, ' ').trim().slice(0, CAPTION_CHARS))
    .filter(Boolean)
    .join('\n');

/** What a model answered made a valid pillar list: trimmed, cut to the limit, without repeats or empties. */
export const pillarsOf = (answer: readonly string[]): string[] => {
  const seen = new Set<string>();
  const pillars: string[] = [];
  for (const raw of answer) {
    const pillar = raw.replace(/\s+/g, ' ').trim().slice(0, CONTENT_PILLAR_LIMITS.pillar).trim();
    if (!pillar || seen.has(pillar.toLowerCase())) continue;
    seen.add(pillar.toLowerCase());
    pillars.push(pillar);
  }
  return pillars.slice(0, CONTENT_PILLAR_LIMITS.pillars);
};

export type StorePillarsDeps = {
  clock: Clock;
  getConnection: (brand: Brand, type: SocialConnectionType) => Promise<ConnectionItem | undefined>;
  updateConnection: (item: ConnectionItem, changes: ConnectionChanges) => Promise<'done' | 'stale'>;
  retryTiming?: RetryTiming;
};

/** Stores derived pillars on a connection whose list is still empty: 'kept' when the team has written one (or it is gone). */
export const storeDerivedPillars = async (deps: StorePillarsDeps, brand: Brand, type: SocialConnectionType, pillars: string[]): Promise<'stored' | 'kept'> =>
  retry(
    async () => {
      const item = await deps.getConnection(brand, type);
      if (!item || item.contentPillars.length || !pillars.length) return 'kept' as const;
      return (await deps.updateConnection(item, { contentPillars: pillars, updatedAt: nextUpdatedAt(item, deps.clock()) })) === 'done' ? ('stored' as const) : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
