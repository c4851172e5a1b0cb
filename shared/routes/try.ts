import { route } from './route-spec';
import { onboardingState, tryBody, tryResult, updateOnboardingBody } from '../schemas/try';

/**
 * The public flows: the try page and the onboarding checklist's own facts.
 *
 * The public try page's one call: no account, so no workspace to count against. The handler bounds it itself:
 * per source IP per hour and a daily token cap for all visitors together (functions/core/try).
 */
export const tryRoutes = {
  tryBrand: route({
    id: 'try-brand',
    method: 'POST',
    path: '/try',
    auth: 'public',
    body: tryBody,
    response: tryResult,
    // readWrite: the rate counters (no visitor data is written).
    access: { table: 'readWrite', ai: true },
    summary: "A sample brand voice and three post ideas from a visitor's website (guarded fetch), limited per source IP and by a daily cap",
  }),
  getOnboarding: route({
    id: 'get-onboarding',
    method: 'GET',
    path: '/me/onboarding',
    auth: 'user',
    response: onboardingState,
    access: { table: 'read' },
    summary: "The caller's onboarding checklist facts that no workspace data tells: hidden, extension installed",
  }),
  updateOnboarding: route({
    id: 'update-onboarding',
    method: 'PATCH',
    path: '/me/onboarding',
    auth: 'user',
    body: updateOnboardingBody,
    response: onboardingState,
    access: { table: 'readWrite' },
    summary: 'Hide (or show again) the onboarding checklist, or mark the browser extension installed',
  }),
} as const;
