import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import type { ComingNextPageProps } from '../pages/coming-next-page';
import { BareLayout } from './bare-layout';
import { RequireAdmin, RequireAuth } from './guards';
import { PublicLayout } from './public-layout';
import { RouteError } from './route-error';
import { ShellLoader } from './shell-loader';

/** Route-level code splitting: each page is its own chunk. */
const page = <P extends object>(load: () => Promise<Record<string, ComponentType<P>>>, name: string) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType<P> }));

const DashboardPage = page(() => import('../pages/dashboard-page'), 'DashboardPage');
const TeamPage = page(() => import('../pages/team-page'), 'TeamPage');
const MyInvitesPage = page(() => import('../pages/my-invites-page'), 'MyInvitesPage');
const InvitePage = page(() => import('../pages/invite-page'), 'InvitePage');
const SignInPage = page(() => import('../pages/signin-page'), 'SignInPage');
const SignUpPage = page(() => import('../pages/signup-page'), 'SignUpPage');
const ConfirmEmailPage = page(() => import('../pages/confirm-email-page'), 'ConfirmEmailPage');
const ForgotPasswordPage = page(() => import('../pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('../pages/reset-password-page'), 'ResetPasswordPage');
// The signed-in shell (AppLayout, navigation, tables) stays out of the first load of public pages.
const MainLayout = page(() => import('./main-layout'), 'MainLayout');
const UiGalleryPage = page(() => import('../pages/ui-gallery-page'), 'UiGalleryPage');
const NotFoundPage = page(() => import('../pages/not-found-page'), 'NotFoundPage');
const ComingNextPage = page<ComingNextPageProps>(() => import('../pages/coming-next-page'), 'ComingNextPage');

const next = (feature: ComingNextPageProps['feature'], backLink = true) => (
  <ComingNextPage feature={feature} backLink={backLink} />
);

/** Brand-setup pages under a project (spec 2), in wizard order, plus google-drive. */
export const BRAND_SETUP_STEPS = [
  'connect-instagram',
  'analytics',
  'name-brand',
  'growth-goals',
  'define-goal',
  'brand-influences',
  'target-audience',
  'content-pillars',
  'content-formats',
  'off-brand',
  'brand-voice',
  'summary',
  'ai-feedback',
] as const;

const projectChildren: RouteObject[] = [
  { index: true, element: next('project') },
  ...['feed', 'library', 'tasks', 'users', 'integrations', 'user/add'].map((path) => ({ path, element: next('project') })),
  ...[...BRAND_SETUP_STEPS, 'google-drive'].map((path) => ({ path, element: next('projectSettings') })),
];

/** The route table of the SPA, mirroring spec section 2. */
export const routeObjects: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        // Main layout: authentication required.
        element: (
          <RequireAuth>
            <Suspense fallback={<ShellLoader />}>
              <MainLayout />
            </Suspense>
          </RequireAuth>
        ),
        children: [
          { path: '/', element: <Navigate to="/dashboard" replace /> },
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/tasks', element: next('tasks') },
          { path: '/expired', element: next('expired') },
          { path: '/user/add', element: next('userEdit') },
          { path: '/user/:id/edit', element: next('userEdit') },
          { path: '/my-invites', element: <MyInvitesPage /> },
          { path: '/profile', element: next('profile') },
          {
            element: <RequireAdmin />,
            children: [
              { path: '/billing', element: next('billing') },
              { path: '/team', element: <TeamPage /> },
              { path: '/profile/:uid', element: next('otherProfile') },
            ],
          },
          { path: '/project/add', element: next('projectAdd') },
          { path: '/project/:projectSlug', children: projectChildren },
        ],
      },
      {
        // No product header. The task page needs no sign-in at router level.
        element: <BareLayout />,
        children: [
          { path: '/project/:projectSlug/tasks/:taskId', element: next('taskDetail', false) },
          ...['options', 'record', 'empty', 'text-highlight', 'devtools'].map((path) => ({
            path: `/bex/${path}`,
            element: next('extension', false),
          })),
          {
            path: '/bex/popup',
            children: [
              { index: true, element: next('extension', false) },
              { path: 'new-ticket', element: next('extension', false) },
            ],
          },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          { path: '/signup', element: <SignUpPage /> },
          { path: '/signin', element: <SignInPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          { path: '/confirm-email', element: <ConfirmEmailPage /> },
          { path: '/invite/:inviteUid', element: <InvitePage /> },
          { path: '/onboarding', element: next('onboarding', false) },
          { path: '/try', element: next('try', false) },
          { path: '/try/next-steps', element: next('tryNext', false) },
          { path: '/play/:videoUid', element: next('play', false) },
          { path: '/integration-success', element: next('integrationSuccess', false) },
          { path: '/ui', element: <UiGalleryPage /> },
          { path: '/kitchen-sync', element: next('kitchenSync', false) },
          {
            path: '/verify-subscription',
            element: <RequireAuth>{next('verifySubscription')}</RequireAuth>,
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routeObjects);
