import { tryRoutes } from '#shared/routes/try';
import { httpHandler } from '#lib/http';
import { getOnboarding } from '#core/try/onboarding';
import { getOnboardingFlags } from '#data/onboarding';

export const handler = httpHandler(tryRoutes.getOnboarding, ({ caller }) => getOnboarding({ getOnboarding: getOnboardingFlags }, caller));
