/**
 * The brand-setup wizard (spec 2): its steps in order, each also a settings page under /project/{slug}/<step>.
 * Written once here; the router, the side navigation, the wizard and the brand home read it.
 */
export const BRAND_SETUP_STEPS = [
  'connect-instagram',
  'analytics',
  'name-brand',
  'growth-goals',
  'define-goal',
  'brand-influences',
  'target-audience',
  'content-pillars',
  'content-formats',
  'off-brand',
  'brand-voice',
  'summary',
  'ai-feedback',
] as const;
export type BrandSetupStep = (typeof BRAND_SETUP_STEPS)[number];

/** Settings pages under the brand that are no wizard step. */
export const EXTRA_SETTINGS_PAGES = ['google-drive'] as const;
export type BrandSettingsPage = BrandSetupStep | (typeof EXTRA_SETTINGS_PAGES)[number];
export const BRAND_SETTINGS_PAGES: readonly BrandSettingsPage[] = [...BRAND_SETUP_STEPS, ...EXTRA_SETTINGS_PAGES];

export const isSetupStep = (value: string | null | undefined): value is BrandSetupStep =>
  BRAND_SETUP_STEPS.includes(value as BrandSetupStep);

/** The step after `step`. After the last one, or after an unknown step, comes Summary (spec 2). */
export const nextStep = (step: string | null | undefined): BrandSetupStep => {
  const index = isSetupStep(step) ? BRAND_SETUP_STEPS.indexOf(step) : -1;
  return index >= 0 && index < BRAND_SETUP_STEPS.length - 1 ? BRAND_SETUP_STEPS[index + 1] : 'summary';
};

/** The step before `step`, or undefined on the first (and on an unknown step). */
export const previousStep = (step: string | null | undefined): BrandSetupStep | undefined => {
  const index = isSetupStep(step) ? BRAND_SETUP_STEPS.indexOf(step) : -1;
  return index > 0 ? BRAND_SETUP_STEPS[index - 1] : undefined;
};

/** 1-based position of the step in the wizard ("Step 3 of 13"). */
export const stepNumber = (step: BrandSetupStep) => BRAND_SETUP_STEPS.indexOf(step) + 1;

/** The query flag that shows a settings page as a wizard step (Back, Next, Skip and the progress). */
export const WIZARD_PARAM = 'setup';

/** A brand's settings page, in the wizard or as a page of its own. */
export const settingsPath = (slug: string, page: BrandSettingsPage, wizard = false) =>
  `/project/${encodeURIComponent(slug)}/${page}${wizard ? `?${WIZARD_PARAM}=1` : ''}`;
