import { routes } from '#shared/routes';
import { httpHandler } from '#lib/http';
import { getOnboarding } from '#core/try/onboarding';
import { getOnboardingFlags } from '#data/onboarding';

export const handler = httpHandler(routes.getOnboarding, ({ caller }) => getOnboarding({ getOnboarding: getOnboardingFlags }, caller));
