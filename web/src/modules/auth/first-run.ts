import { fetchProfile, saveDisplayName } from '../profile/profile-service';
import { signInWithPassword } from './auth-service';
import { useAuthStore } from './auth-store';

/**
 * The password typed at sign-up, kept in this tab's memory only (never stored) until the email is confirmed,
 * so confirming signs the person in without asking for it again.
 */
let pending: { email: string; password: string } | undefined;

export const rememberSignUp = (email: string, password: string) => {
  pending = { email: email.trim().toLowerCase(), password };
};

/**
 * After the email is confirmed: signs in with the password of this tab's sign-up. False when this tab did not
 * sign up (a reload, another device): the person signs in by hand then.
 */
export const signInAfterConfirm = async (email: string): Promise<boolean> => {
  const address = email.trim().toLowerCase();
  if (!pending || pending.email !== address) return false;
  const { password } = pending;
  pending = undefined;
  await signInWithPassword(address, password);
  return true;
};

/**
 * The name given at sign-up becomes the profile's display name at the first sign-in (a profile already named
 * keeps its name). Best effort: the profile page can still set it.
 */
export const settleDisplayName = async (): Promise<void> => {
  const name = useAuthStore.getState().user?.name;
  if (!name) return;
  try {
    const profile = await fetchProfile();
    if (!profile.name) await saveDisplayName(name);
  } catch {
    // Not worth failing a sign-in over; the name stays in the token and the profile page asks for it.
  }
};
