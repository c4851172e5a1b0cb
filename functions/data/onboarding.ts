import { db } from './db';
import { exactly } from './exact-ids';

/** The onboarding checklist's flags on a person's profile (pattern: userById). */
export const getOnboardingFlags = async (userId: string) => {
  const { data } = await db().entities.user.get({ userId }).go();
  return exactly(data, { userId });
};

/** Sets the given flags, creating the profile when it is not there yet (pattern: userById). */
export const saveOnboardingFlags = async (user: { userId: string; email: string; updatedAt: string; onboardingDismissed?: boolean; extensionInstalled?: boolean }) => {
  const { data } = await db().entities.user.upsert(user).go({ response: 'all_new' });
  return data;
};
