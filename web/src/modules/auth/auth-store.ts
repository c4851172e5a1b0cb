import type { Invite } from '#shared/schemas/workspace';
import { create } from 'zustand';

/** The signed-in person; `name` is their display name (the profile's, or the one given at sign-up), when any. */
export type AuthUser = { uid: string; email: string; name?: string };

type AuthState = {
  user: AuthUser | null;
  token: string | null;
  /** Role names from GET /roles (spec 6). */
  roles: string[];
  /** Pending invites sent to the user's email. */
  invites: Invite[];
  /** A sign-in (or the session restore at start) is under way; API calls wait for it. */
  isLoggingIn: boolean;
  tokenValidated: boolean;
  /** The session restore at start has finished (guards wait for it). */
  initialized: boolean;
  /** The user logged out (or was logged out) in this tab: guards send them to plain /signin, no redirect. */
  loggedOut: boolean;
  setSession: (user: AuthUser, token: string, validated: boolean) => void;
  setToken: (token: string) => void;
  /** The display name shown for the signed-in person (top bar), once the profile is read. */
  setDisplayName: (name: string) => void;
  setRoles: (roles: string[]) => void;
  setInvites: (invites: Invite[]) => void;
  setLoggingIn: (value: boolean) => void;
  setInitialized: () => void;
  clearLoggedOut: () => void;
  reset: (options?: { loggedOut?: boolean }) => void;
};

const signedOut = { user: null, token: null, roles: [], invites: [], isLoggingIn: false, tokenValidated: false };

export const useAuthStore = create<AuthState>()((set) => ({
  ...signedOut,
  initialized: false,
  loggedOut: false,
  setSession: (user, token, tokenValidated) => set({ user, token, tokenValidated, loggedOut: false }),
  setToken: (token) => set({ token }),
  setDisplayName: (name) => set((state) => (state.user ? { user: { ...state.user, name } } : {})),
  setRoles: (roles) => set({ roles }),
  setInvites: (invites) => set({ invites }),
  setLoggingIn: (isLoggingIn) => set({ isLoggingIn }),
  setInitialized: () => set({ initialized: true }),
  clearLoggedOut: () => set({ loggedOut: false }),
  reset: (options = {}) => set({ ...signedOut, initialized: true, loggedOut: options.loggedOut ?? false }),
}));

type AuthSnapshot = Pick<AuthState, 'user' | 'token' | 'tokenValidated'>;

/** Authenticated only with a user, a token and a validated token (spec 4). */
export const selectIsAuthenticated = (state: AuthSnapshot): boolean =>
  !!state.user && !!state.token && state.tokenValidated;
