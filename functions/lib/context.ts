import type { Role } from '#shared/constants';

/** The signed-in person, from the ID token's claims (verified by the JWT authorizer or the local gateway). */
export type Caller = { userId: string; email: string; emailVerified: boolean };

/**
 * The caller inside one workspace. Core functions that touch workspace data take this and nothing else
 * names the workspace, so they cannot reach another tenant's items.
 */
export type WorkspaceContext = {
  workspaceId: string;
  userId: string;
  email: string;
  role: Role;
  /** The caller is the workspace's owner (uid equals the workspace owner, spec 6). */
  isOwner?: boolean;
};
