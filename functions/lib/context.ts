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
  /** The workspace's projects and the caller's grants, read with the membership; absent until the workspace has a directory. */
  directory?: ProjectDirectory;
};

/** A project as lists name it. */
export type ProjectRef = { projectId: string; name: string; slug: string };

/**
 * Every project of a workspace (creation order) and the ids of those the caller holds a granted membership of:
 * what a list needs to know which brands the caller may open and how to name them.
 */
export type ProjectDirectory = { projects: readonly ProjectRef[]; granted: readonly string[] };
