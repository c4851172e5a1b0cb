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
  /** The first brand has an account connected (Instagram, YouTube or Google Drive). */
  connected: boolean | undefined;
  stored: OnboardingState | undefined;
};

export const doneItems = (facts: OnboardingFacts): Set<OnboardingItem> => {
  const done = new Set<OnboardingItem>();
  if (facts.brands > 0) done.add('brand');
  if (facts.wizardDone) done.add('wizard');
  if ((facts.team ?? 0) > 1) done.add('invite');
  if (facts.connected) done.add('connect');
  if (facts.stored?.extension_installed) done.add('extension');
  if ((facts.tasks ?? 0) > 0) done.add('task');
  return done;
};

/** "n of m done". */
export const progressOf = (done: ReadonlySet<OnboardingItem>, items: readonly OnboardingItem[]) => ({
  done: items.filter((item) => done.has(item)).length,
  total: items.length,
});
