import type { ContentSettings } from '#shared/schemas/content';
import { BRAND_SETUP_STEPS, type BrandSetupStep } from './setup-steps';

/** What the brand home knows about the brand's strategy: its settings and how many items of each kind it has. */
export type SetupFacts = {
  settings: Pick<ContentSettings, 'industry' | 'output' | 'goal' | 'content_pillars' | 'content_formats' | 'other_preferences' | 'off_brand'>;
  influences: number;
  audiences: number;
  voices: number;
  feedback: number;
};

/** The wizard's account steps (Connect Instagram, Analytics): optional, so they count as passed once the team moved on. */
const ACCOUNT_STEPS = ['connect-instagram', 'analytics'] as const satisfies readonly BrandSetupStep[];

const STRATEGY_STEPS = ['name-brand', 'growth-goals', 'define-goal', 'brand-influences', 'target-audience', 'content-pillars', 'content-formats', 'off-brand', 'brand-voice'] as const;

/** Whether one of the strategy steps holds what it asks for. */
const strategyDone = (step: (typeof STRATEGY_STEPS)[number], facts: SetupFacts): boolean => {
  const { settings } = facts;
  switch (step) {
    case 'name-brand':
      return settings.industry !== null;
    case 'growth-goals':
      return settings.output.posts_per_week > 0;
    case 'define-goal':
      return settings.goal.primary !== null || settings.goal.description.trim() !== '';
    case 'brand-influences':
      return facts.influences > 0;
    case 'target-audience':
      return facts.audiences > 0;
    case 'content-pillars':
      return settings.content_pillars.length > 0;
    case 'content-formats':
      return settings.content_formats.length > 0 || settings.other_preferences.trim() !== '';
    case 'off-brand':
      return settings.off_brand.rules.length > 0 || settings.off_brand.terms.length > 0;
    case 'brand-voice':
      return facts.voices > 0;
  }
};

/**
 * The steps that are done, read from the strategy itself (so a step filled in from its settings page counts too):
 * a strategy step when it holds what it asks for; Connect Instagram and Analytics, which a brand may well skip, once
 * the team has moved past them (any strategy step done); Summary once every strategy step is; AI Feedback once the team
 * has given feedback.
 */
export const doneSteps = (facts: SetupFacts): Set<BrandSetupStep> => {
  const strategy = STRATEGY_STEPS.filter((step) => strategyDone(step, facts));
  const done = new Set<BrandSetupStep>(strategy);
  if (strategy.length > 0) for (const step of ACCOUNT_STEPS) done.add(step);
  if (strategy.length === STRATEGY_STEPS.length) done.add('summary');
  if (facts.feedback > 0) done.add('ai-feedback');
  return done;
};

/** Where "continue setup" goes: the first step not done (the wizard's start for a new brand); undefined when all are. */
export const continueStep = (done: ReadonlySet<BrandSetupStep>): BrandSetupStep | undefined => BRAND_SETUP_STEPS.find((step) => !done.has(step));
