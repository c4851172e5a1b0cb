import type { OnboardingItem, OnboardingState } from '#shared/schemas/try';

/**
 * What the checklist knows, each fact read from the workspace (brands, tasks, the team, the first brand's setup)
 * except the two the person tells us (stored on their profile). `undefined`: not known yet (still loading, or not
 * readable by this person's role).
 */
export type OnboardingFacts = {
  brands: number;
  tasks: number | undefined;
  /** Members and pending invites of the workspace, the person included. */
  team: number | undefined;
  wizardDone: boolean | undefined;
  stored: OnboardingState | undefined;
};

/** Connecting an account has no provider yet: it is never done, and says so. */
export const UNAVAILABLE_ITEMS: ReadonlySet<OnboardingItem> = new Set(['connect']);

export const doneItems = (facts: OnboardingFacts): Set<OnboardingItem> => {
  const done = new Set<OnboardingItem>();
  if (facts.brands > 0) done.add('brand');
  if (facts.wizardDone) done.add('wizard');
  if ((facts.team ?? 0) > 1) done.add('invite');
  if (facts.stored?.extension_installed) done.add('extension');
  if ((facts.tasks ?? 0) > 0) done.add('task');
  return done;
};

/** "n of m done": the items that can be done today. */
export const progressOf = (done: ReadonlySet<OnboardingItem>, items: readonly OnboardingItem[]) => {
  const counted = items.filter((item) => !UNAVAILABLE_ITEMS.has(item));
  return { done: counted.filter((item) => done.has(item)).length, total: counted.length };
};
