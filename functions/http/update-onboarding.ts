import { tryRoutes } from '#shared/routes/try';
import { httpHandler } from '#lib/http';
import { systemClock as clock } from '#core/clock';
import { updateOnboarding } from '#core/try/onboarding';
import { getOnboardingFlags, saveOnboardingFlags } from '#data/onboarding';

export const handler = httpHandler(tryRoutes.updateOnboarding, ({ caller, body }) => updateOnboarding({ clock, getOnboarding: getOnboardingFlags, saveOnboarding: saveOnboardingFlags }, caller, body));
