import * as z from 'zod/mini';
import { text, WEB_ADDRESS_MESSAGE } from './common';
import { generationMeta } from './generation';

/**
 * The public try page (/try): a visitor's website in, a sample brand voice and three post ideas out, without an
 * account. Nothing of the visitor is stored; only counters that bound how often a source IP, and everyone together,
 * may spend the AI budget.
 */

/** Attempts per source IP in an hour (every accepted request counts: the website is fetched for each). */
export const TRY_PER_IP_PER_HOUR = 5;
/** Model tokens all visitors together may spend in a UTC day (≈ 250 tries); past it try answers try_daily_limit. */
export const TRY_DAILY_TOKENS = 2_000_000;
export const TRY_IDEAS = 3;

export const tryBody = z.object({
  // No `i` flag: the attack suite's generator draws strings from the pattern, as for the brand voice's url.
  url: text(2048, { trim: true, required: 'is required' }).check(z.regex(/^https?:\/\/\S+$/, WEB_ADDRESS_MESSAGE)),
});
export type TryBody = z.output<typeof tryBody>;

export const tryVoice = z.object({
  name: z.string(),
  description: z.string(),
  traits: z.array(z.string()),
  example_posts: z.array(z.string()),
});
export type TryVoice = z.infer<typeof tryVoice>;

export const tryIdea = z.object({ title: z.string(), hook: z.string(), format: z.string() });
export type TryIdea = z.infer<typeof tryIdea>;

export const tryResult = z.object({
  /** The address as given (trimmed), and the brand name the site suggests (its title or host). */
  url: z.string(),
  brand_name: z.string(),
  voice: tryVoice,
  ideas: z.array(tryIdea),
  meta: generationMeta,
});
export type TryResult = z.infer<typeof tryResult>;

/**
 * The onboarding checklist (/onboarding): what the workspace's own data cannot tell, kept per user on the profile.
 * Everything else (a brand, the wizard, an invite, a task) is read from the workspace each time.
 */
export const ONBOARDING_ITEMS = ['brand', 'wizard', 'invite', 'connect', 'extension', 'task'] as const;
export type OnboardingItem = (typeof ONBOARDING_ITEMS)[number];

export const onboardingState = z.object({
  /** Hidden by the person: the dashboard stops offering it (the page stays reachable). */
  dismissed: z.boolean(),
  /** The person said they installed the browser extension. */
  extension_installed: z.boolean(),
});
export type OnboardingState = z.infer<typeof onboardingState>;

export const updateOnboardingBody = z
  .object({ dismissed: z.optional(z.boolean()), extension_installed: z.optional(z.boolean()) })
  .check(z.refine((body) => body.dismissed !== undefined || body.extension_installed !== undefined, { message: 'must change dismissed or extension_installed', path: ['dismissed'] }));
export type UpdateOnboardingBody = z.output<typeof updateOnboardingBody>;
