import { fetchProfile, saveDisplayName } from '../profile/profile-service';
import { signInWithPassword } from './auth-service';
import { useAuthStore } from './auth-store';

/**
 * What this tab's sign-up was given, in memory only (never stored): the password until the email is confirmed,
 * so confirming signs the person in without asking for it again, and the display name until it is on the profile.
 */
let pending: { email: string; password?: string; name: string } | undefined;

export const rememberSignUp = (email: string, password: string, name: string) => {
  pending = { email: email.trim().toLowerCase(), password, name: name.trim() };
};

/**
 * After the email is confirmed: signs in with the password of this tab's sign-up. False when this tab did not
 * sign up (a reload, another device): the person signs in by hand then.
 */
export const signInAfterConfirm = async (email: string): Promise<boolean> => {
  const address = email.trim().toLowerCase();
  if (!pending?.password || pending.email !== address) return false;
  const { password } = pending;
  pending = { ...pending, password: undefined };
  await signInWithPassword(address, password);
  return true;
};

/**
 * Once signed in: the display name shown for the person is the profile's; a profile still without one gets the
 * name given at sign-up (this tab's, or the pool's `name` claim when the sign-up was elsewhere). Best effort:
 * the profile page can still set it. Answers the name shown.
 */
export const settleDisplayName = (): Promise<string | undefined> => {
  const uid = useAuthStore.getState().user?.uid;
  if (!uid) return Promise.resolve(undefined);
  // The sign-in and the page that asked for it both want the name: one read (and save) serves both.
  if (settling?.uid !== uid) settling = { uid, done: settle() };
  return settling.done.then((name) => {
    // Shown for whoever is signed in now (a sign-in again replaced the user, name and all).
    if (name && useAuthStore.getState().user?.uid === uid) useAuthStore.getState().setDisplayName(name);
    return name;
  });
};

let settling: { uid: string; done: Promise<string | undefined> } | undefined;

const settle = async (): Promise<string | undefined> => {
  const user = useAuthStore.getState().user;
  if (!user) return undefined;
  const given = (pending?.email === user.email ? pending.name : undefined) || user.name;
  try {
    const profile = await fetchProfile();
    const name = profile.name ?? (given ? (await saveDisplayName(given)).name : null);
    if (pending?.email === user.email) pending = undefined;
    return name ?? undefined;
  } catch {
    return undefined;
  }
};
