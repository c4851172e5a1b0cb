import type { OnboardingState, UpdateOnboardingBody } from '#shared/schemas/try';
import type { Caller } from '#lib/context';
import type { Clock } from '../clock';

/** The checklist's stored facts of a user; the profile item may not exist yet (never saved a name). */
export type StoredOnboarding = { onboardingDismissed?: boolean; extensionInstalled?: boolean } | undefined;

export type OnboardingDeps = {
  clock: Clock;
  getOnboarding: (userId: string) => Promise<StoredOnboarding>;
  saveOnboarding: (user: { userId: string; email: string; updatedAt: string; onboardingDismissed?: boolean; extensionInstalled?: boolean }) => Promise<StoredOnboarding>;
};

export const toOnboardingState = (stored: StoredOnboarding): OnboardingState => ({
  dismissed: stored?.onboardingDismissed === true,
  extension_installed: stored?.extensionInstalled === true,
});

export const getOnboarding = async (deps: Pick<OnboardingDeps, 'getOnboarding'>, caller: Caller) => toOnboardingState(await deps.getOnboarding(caller.userId));

/** Only the fields given change (one write; the profile is created on the first one). */
export const updateOnboarding = async (deps: OnboardingDeps, caller: Caller, input: UpdateOnboardingBody) =>
  toOnboardingState(
    await deps.saveOnboarding({
      userId: caller.userId,
      email: caller.email,
      updatedAt: deps.clock().toISOString(),
      ...(input.dismissed === undefined ? {} : { onboardingDismissed: input.dismissed }),
      ...(input.extension_installed === undefined ? {} : { extensionInstalled: input.extension_installed }),
    }),
  );
