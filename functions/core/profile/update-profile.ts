import type { Caller } from '#lib/context';
import type { UserItem } from '#data/users';
import type { Clock } from '../clock';
import { toProfile, type Profile } from './get-profile';

export type UpdateProfileDeps = {
  clock: Clock;
  saveUserName: (user: { userId: string; email: string; name: string; updatedAt: string }) => Promise<UserItem>;
};

/** The caller sets their display name (the profile is created on first save). */
export const updateProfile = async (deps: UpdateProfileDeps, caller: Caller, input: { name: string }): Promise<Profile> => {
  const user = await deps.saveUserName({ userId: caller.userId, email: caller.email, name: input.name, updatedAt: deps.clock().toISOString() });
  return toProfile(caller, user);
};
