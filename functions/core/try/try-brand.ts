import * as z from 'zod/mini';
import { TRY_IDEAS, TRY_PER_IP_PER_HOUR, type TryBody, type TryResult } from '#shared/schemas/try';
import { WEB_ADDRESS_MESSAGE } from '#shared/schemas/common';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import type { Clock } from '../clock';
import { generateBrandVoice, type BrandVoiceDeps } from '../generation/brand-voice';
import { combinedMeta, generate, type GenerationDeps } from '../generation/generate';
import type { BrandStrategy } from '../generation/strategy';
import { postIdeasTemplate } from '../generation/templates';

/**
 * The public try page: a visitor's website → a sample brand voice (the brand-voice feature itself: guarded fetch,
 * readable text, the same prompt) → three post ideas in that voice. No account, so nothing is stored: the caller's
 * source IP takes one slot of its hour first (every accepted attempt, as each one fetches), and the model calls
 * count against one budget for all visitors per day (wiring's `structured`).
 */
export type TryDeps = GenerationDeps & {
  clock: Clock;
  fetchPage: BrandVoiceDeps['fetchPage'];
  /** One attempt of this visitor (visitorOf: the IPv4 address or IPv6 /64) in this hour; false once it holds `limit`. */
  reserveVisitorSlot: (sourceIp: string, hour: string, limit: number, now: Date) => Promise<boolean>;
};

/** The pseudo-workspace the generation features see: no workspace data is read for it (the strategy is built here). */
export const TRY_CONTEXT: WorkspaceContext = { workspaceId: 'try', userId: 'visitor', email: '', role: 'member' };

const line = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const ideasOutput = z.object({
  ideas: z.array(z.object({ title: line(120), hook: line(300), format: line(40) })).check(z.length(TRY_IDEAS)),
});

const TITLE_SEPARATORS = /\s+[|–—·:-]\s+/;

/** The brand's name as its site gives it: the title's first part ("Crumb & Co | Bakery" → "Crumb & Co"), else the host. */
export const brandNameOf = (html: string, url: string): string => {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.replace(/\s+/g, ' ').trim() ?? '';
  const first = title.split(TITLE_SEPARATORS)[0]?.trim() ?? '';
  if (first) return decodeEntities(first).slice(0, 80);
  return new URL(url).hostname.replace(/^www\./, '').slice(0, 80);
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };
const decodeEntities = (value: string) => value.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, name: string) => ENTITIES[name]!);

export const tryHour = (now: Date) => now.toISOString().slice(0, 13);

/**
 * Who counts as one visitor: an IPv4 address, or an IPv6 address's /64 (one subscriber's network hands out a whole
 * /64, so counting single IPv6 addresses would let one visitor rotate past the limit).
 */
export const visitorOf = (sourceIp: string): string => {
  if (!sourceIp.includes(':')) return sourceIp;
  const [head = '', tail = ''] = sourceIp.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = sourceIp.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
};

export const tryBrand = async (deps: TryDeps, sourceIp: string, body: TryBody): Promise<TryResult> => {
  // An address the URL parser cannot read (a host with '<' or ']') names no site: the field is wrong, and it costs no try.
  if (!URL.canParse(body.url)) throw new ValidationError('url', WEB_ADDRESS_MESSAGE);
  const now = deps.clock();
  if (!(await deps.reserveVisitorSlot(visitorOf(sourceIp), tryHour(now), TRY_PER_IP_PER_HOUR, now))) throw new DomainError('try_rate_limited');

  let brandName = '';
  const strategy: BrandStrategy = { brandName: '', audiences: [], pillars: [], offBrand: { rules: [], terms: [] }, minScore: null };
  const voiceDeps: BrandVoiceDeps = {
    ...deps,
    fetchPage: async (url) => {
      const page = await deps.fetchPage(url);
      brandName = brandNameOf(page.text, url);
      return page;
    },
    // The visitor's brand exists only in this request: its name once the page is read, no feedback.
    loadStrategy: async () => ({ ...strategy, brandName: brandName || new URL(body.url).hostname }),
    loadFeedback: async () => [],
  };
  const voice = await generateBrandVoice(voiceDeps, TRY_CONTEXT, 'try', { source: 'website', url: body.url });
  const { draft } = voice;
  const withVoice: BrandStrategy = {
    ...strategy,
    brandName,
    voice: { name: draft.name, description: draft.description, traits: draft.traits, examplePosts: draft.example_posts },
  };
  const messages = postIdeasTemplate.render({ strategy: withVoice, feedback: [], vars: { url: body.url, count: TRY_IDEAS } });
  const ideas = await generate(deps, { workspaceId: TRY_CONTEXT.workspaceId, prompt: postIdeasTemplate.id, messages, output: ideasOutput });
  return {
    url: body.url,
    brand_name: brandName,
    voice: { name: draft.name, description: draft.description, traits: draft.traits, example_posts: draft.example_posts },
    ideas: ideas.value.ideas,
    meta: combinedMeta(voice.meta, ideas.meta),
  };
};
