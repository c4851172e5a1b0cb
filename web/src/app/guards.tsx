import { can, type Action } from '#shared/permissions';
import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectIsAuthenticated, useAuthStore } from '../modules/auth/auth-store';
import { signInPathFor } from '../modules/auth/auth-validation';
import { useCurrentMembership, useCurrentWorkspace, useWorkspaceStore } from '../modules/workspaces/workspace-store';
import { PageLoader } from '../ui/page-loader';
import { ShellLoader } from './shell-loader';

type GuardProps = { children?: ReactNode };

type AuthDecision = 'wait' | 'pass' | 'signin' | 'signin-redirect';

/** Auth-required routes: an unauthenticated user goes to /signin?redirect=<full path> and comes back after. */
export const RequireAuth = ({ children }: GuardProps) => {
  const location = useLocation();
  const initialized = useAuthStore((state) => state.initialized);
  const isAuthenticated = useAuthStore(selectIsAuthenticated);
  const loggedOut = useAuthStore((state) => state.loggedOut);
  // After a logout the user starts over at plain /signin (spec 2), not back where they were.
  const decision: AuthDecision = !initialized ? 'wait' : isAuthenticated ? 'pass' : loggedOut ? 'signin' : 'signin-redirect';
  // A store update renders at once and whole; deferred, the shell it lets through mounts in slices that leave
  // the main thread free between them.
  const shown = useDeferredValue(decision);
  if (shown === 'wait') return <ShellLoader />;
  if (shown === 'signin') return <Navigate to="/signin" replace />;
  if (shown === 'signin-redirect') {
    return <Navigate to={signInPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return children ?? <Outlet />;
};

/**
 * True while the current workspace is not known yet: the list still loads, or the current one is still being
 * chosen from it. A reload of a known workspace (after a plan or role change) keeps the page mounted.
 */
const useResolvingMembership = () => {
  const listStatus = useWorkspaceStore((state) => state.listStatus);
  const hasWorkspaces = useWorkspaceStore((state) => state.workspaces.length > 0);
  const membership = useCurrentMembership();
  if (membership || listStatus === 'error') return false;
  // Without this wait a real admin would bounce off an admin-only page during the first load.
  return listStatus === 'idle' || listStatus === 'loading' || hasWorkspaces;
};

export type RequirePermissionProps = GuardProps & { action: Action };

/**
 * Routes for roles that may do `action` (spec 2 "admin-only": billing, team, another user's profile): anyone
 * else goes to /dashboard. The matrix is the server's (shared/permissions), so the UI never offers what the API
 * would refuse.
 */
export const RequirePermission = ({ action, children }: RequirePermissionProps) => {
  const { t } = useTranslation();
  const resolving = useResolvingMembership();
  const allowed = can(useCurrentMembership()?.role, action);
  // Deferred as in RequireAuth: the page behind the guard mounts in slices.
  const shown = useDeferredValue(resolving ? 'wait' : allowed ? 'pass' : 'refuse');
  if (shown === 'wait') return <PageLoader label={t('workspaces.loading')} heading />;
  if (shown === 'refuse') return <Navigate to="/dashboard" replace />;
  return children ?? <Outlet />;
};

/**
 * Workspace lockdown (spec 4): while the current workspace is not active (trial over, no paid plan) its members
 * are sent to /expired. `active` comes from the server, computed on its clock.
 */
export const RequireActiveWorkspace = ({ children }: GuardProps) => {
  const { t } = useTranslation();
  const resolving = useResolvingMembership();
  const workspace = useCurrentWorkspace();
  // Deferred as in RequireAuth: the page behind the guard mounts in slices.
  const shown = useDeferredValue(resolving ? 'wait' : workspace && !workspace.active ? 'locked' : 'pass');
  if (shown === 'wait') return <PageLoader label={t('workspaces.loading')} heading />;
  if (shown === 'locked') return <Navigate to="/expired" replace />;
  return children ?? <Outlet />;
};
