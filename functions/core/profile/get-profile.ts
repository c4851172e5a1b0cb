import type * as z from 'zod/mini';
import type { profile } from '#shared/schemas/workspace';
import type { Caller } from '#lib/context';
import type { UserItem } from '#data/users';

export type Profile = z.infer<typeof profile>;
export type GetProfileDeps = { getUser: (userId: string) => Promise<UserItem | undefined> };

/** The caller's profile: identity and verification from the token's claims, the name from their stored profile. */
export const toProfile = (caller: Caller, user: Pick<UserItem, 'name'> | undefined): Profile => ({
  uid: caller.userId,
  email: caller.email,
  email_verified: caller.emailVerified,
  name: user?.name ?? null,
});

export const getProfile = async (deps: GetProfileDeps, caller: Caller): Promise<Profile> => toProfile(caller, await deps.getUser(caller.userId));
