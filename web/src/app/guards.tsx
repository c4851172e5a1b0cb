import { sameRole } from '#shared/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectIsAuthenticated, useAuthStore } from '../modules/auth/auth-store';
import { signInPathFor } from '../modules/auth/auth-validation';
import { useCurrentMembership, useWorkspaceStore } from '../modules/workspaces/workspace-store';
import { PageLoader } from '../ui/page-loader';
import { ShellLoader } from './shell-loader';

type GuardProps = { children?: ReactNode };

/** Auth-required routes: an unauthenticated user goes to /signin?redirect=<full path> and comes back after. */
export const RequireAuth = ({ children }: GuardProps) => {
  const location = useLocation();
  const initialized = useAuthStore((state) => state.initialized);
  const isAuthenticated = useAuthStore(selectIsAuthenticated);
  const loggedOut = useAuthStore((state) => state.loggedOut);
  if (!initialized) return <ShellLoader />;
  // After a logout the user starts over at plain /signin (spec 2), not back where they were.
  if (!isAuthenticated && loggedOut) return <Navigate to="/signin" replace />;
  if (!isAuthenticated) {
    return <Navigate to={signInPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return children ?? <Outlet />;
};

/** Admin-only routes: anyone but an admin of the current workspace goes to /dashboard. */
export const RequireAdmin = ({ children }: GuardProps) => {
  const { t } = useTranslation();
  const listStatus = useWorkspaceStore((state) => state.listStatus);
  const hasWorkspaces = useWorkspaceStore((state) => state.workspaces.length > 0);
  const membership = useCurrentMembership();
  // Wait for the list and for the current workspace to be chosen from it, or a real admin would bounce.
  const resolving = listStatus === 'idle' || listStatus === 'loading' || (hasWorkspaces && !membership);
  if (resolving && listStatus !== 'error') return <PageLoader label={t('workspaces.loading')} heading />;
  if (!sameRole(membership?.role, 'admin')) return <Navigate to="/dashboard" replace />;
  return children ?? <Outlet />;
};
