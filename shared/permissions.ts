import { ROLES, type Role } from './constants';
import type { ProjectRole } from './schemas/project';

/**
 * The PERMISSION MATRIX: what each workspace role may do, as data, in one place. Every workspace route names
 * its action in the route table and the server wrapper enforces it; the SPA only mirrors it (menus, guards).
 * Rules that depend on more than the role (owner-only deletion, keep one admin) live in the core.
 */
export const ACTIONS = [
  'workspace.read',
  'workspace.update',
  'workspace.delete',
  'team.read',
  'team.manage',
  'billing.read',
  'billing.manage',
  'time.read',
  'tasks.read',
  /** Create, edit, delete and comment on tasks, share review links (project access is checked in the core). */
  'tasks.write',
  /** Track one's own time on tasks. */
  'time.write',
  /** See the workspace's projects (brands) and request access to one; project-level rules live in the core. */
  'projects.read',
  /** Create projects and manage every project of the workspace. */
  'projects.manage',
  /** Read a brand's content strategy (voices, assistants, audiences, influences, settings, feedback); project access checked by the route's projectRole. */
  'content.read',
  /** Edit a brand's content strategy and give feedback (assistants also need a project admin: the route's projectRole). */
  'content.write',
  /** The prompt playground (developer tools): run prompt templates against the AI provider. Workspace admins only. */
  'ai.playground',
] as const;
export type Action = (typeof ACTIONS)[number];

export const permissionMatrix: Readonly<Record<Role, readonly Action[]>> = {
  admin: ACTIONS,
  member: ['workspace.read', 'team.read', 'time.read', 'time.write', 'tasks.read', 'tasks.write', 'projects.read', 'content.read', 'content.write'],
  // External collaborators (e.g. clients reviewing content) see the workspace but cannot open tasks or the team.
  external: ['workspace.read'],
};

/** Case-insensitive on the role name (spec 6); an unknown role may do nothing. */
export const can = (role: string | undefined, action: Action): boolean => {
  const known = ROLES.find((r) => r === role?.toLowerCase());
  return !!known && permissionMatrix[known].includes(action);
};

/**
 * Project-level auth a route can require on top of its workspace permission (route table `projectRole`), for the
 * project named by the `projectId` path parameter. 'admin': a workspace admin, or a project owner or admin who
 * holds access. 'access': a workspace admin, or anyone granted access (who may open the project).
 */
export type ProjectAuth = 'admin' | 'access';

const PROJECT_ADMIN_ROLES: readonly ProjectRole[] = ['owner', 'admin'];

/** May open the project (spec 6: has_permission): the rule behind `projectRole: 'access'`. */
export const hasProjectAccess = (workspaceRole: string, member: { status: string } | undefined): boolean =>
  workspaceRole === 'admin' || member?.status === 'granted';

/** May administer the project (edit it, manage its people and cover): the rule behind `projectRole: 'admin'`. */
export const isProjectAdmin = (workspaceRole: string, member: { status: string; role: ProjectRole } | undefined): boolean =>
  workspaceRole === 'admin' || (member?.status === 'granted' && PROJECT_ADMIN_ROLES.includes(member.role));
