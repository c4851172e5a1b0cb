import { isValidElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { BRAND_SETTINGS_PAGES } from '../modules/content/setup-steps';
import type { BrandSettingsPageProps } from '../pages/brand-settings-page';
import { BareLayout } from './bare-layout';
import { RequireActiveWorkspace, RequireAuth, RequirePermission } from './guards';
import { PublicLayout } from './public-layout';
import { RouteError } from './route-error';
import { ShellLoader } from './shell-loader';
import { TaskPageLayout } from './task-page-layout';

type Preloadable = { preload: () => Promise<unknown> };

/**
 * Route-level code splitting: each page is its own chunk, fetched when first rendered or earlier by `preload`
 * (one import either way: the promise is kept).
 */
const page = <P extends object>(load: () => Promise<Record<string, ComponentType<P>>>, name: string) => {
  let loading: Promise<Record<string, ComponentType<P>>> | undefined;
  const preload = () => (loading ??= load());
  return Object.assign(
    lazy(async () => ({ default: (await preload())[name] as ComponentType<P> })),
    { preload } satisfies Preloadable,
  );
};

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
const BillingPage = page(() => import('../pages/billing-page'), 'BillingPage');
const ExpiredPage = page(() => import('../pages/expired-page'), 'ExpiredPage');
const VerifySubscriptionPage = page(() => import('../pages/verify-subscription-page'), 'VerifySubscriptionPage');
const ProfilePage = page(() => import('../pages/profile-page'), 'ProfilePage');
const MemberProfilePage = page(() => import('../pages/member-profile-page'), 'MemberProfilePage');
const UserAddPage = page(() => import('../pages/user-add-page'), 'UserAddPage');
const UserEditPage = page(() => import('../pages/user-edit-page'), 'UserEditPage');
const ProjectAddPage = page(() => import('../pages/project-add-page'), 'ProjectAddPage');
const TasksPage = page(() => import('../pages/tasks-page'), 'TasksPage');
const ProjectTasksPage = page(() => import('../pages/project-tasks-page'), 'ProjectTasksPage');
const TaskPage = page(() => import('../pages/task-page'), 'TaskPage');
const ReviewPage = page(() => import('../pages/review-page'), 'ReviewPage');
const PlayPage = page(() => import('../pages/play-page'), 'PlayPage');
const TryPage = page(() => import('../pages/try-page'), 'TryPage');
const TryNextStepsPage = page(() => import('../pages/try-next-steps-page'), 'TryNextStepsPage');
const OnboardingPage = page(() => import('../pages/onboarding-page'), 'OnboardingPage');
const ProjectUsersPage = page(() => import('../pages/project-users-page'), 'ProjectUsersPage');
const ProjectUserAddPage = page(() => import('../pages/project-user-add-page'), 'ProjectUserAddPage');
const ProjectIntegrationsPage = page(() => import('../pages/project-integrations-page'), 'ProjectIntegrationsPage');
const IntegrationSuccessPage = page(() => import('../pages/integration-success-page'), 'IntegrationSuccessPage');
const BrandHomePage = page(() => import('../pages/brand-home-page'), 'BrandHomePage');
const BrandSettingsPage = page<BrandSettingsPageProps>(() => import('../pages/brand-settings-page'), 'BrandSettingsPage');
const KitchenSyncPage = page(() => import('../pages/kitchen-sync-page'), 'KitchenSyncPage');
const PromptPlaygroundPage = page(() => import('../pages/prompt-playground-page'), 'PromptPlaygroundPage');
const FeedPage = page(() => import('../modules/library/feed-page'), 'FeedPage');
const LibraryPage = page(() => import('../modules/library/library-page'), 'LibraryPage');
const WebExtensionPages = page(() => import('../modules/extension/web-extension-pages'), 'WebExtensionPages');

/** Route handle: the page wants the full content width (tables, boards, calendars). */
export type RouteHandle = { fullWidth?: boolean };
const fullWidth: RouteHandle = { fullWidth: true };

const projectChildren: RouteObject[] = [
  // Opening a brand opens its home: its strategy, setup, this week's slate and recent tasks.
  { index: true, element: <BrandHomePage /> },
  { path: 'feed', element: <FeedPage /> },
  { path: 'library', element: <LibraryPage /> },
  { path: 'integrations', element: <ProjectIntegrationsPage /> },
  { path: 'tasks', element: <ProjectTasksPage />, handle: fullWidth },
  { path: 'users', element: <ProjectUsersPage /> },
  { path: 'user/add', element: <ProjectUserAddPage /> },
  // The brand-setup steps, each also a settings page of the brand (spec 2).
  ...BRAND_SETTINGS_PAGES.map((path) => ({ path, element: <BrandSettingsPage page={path} /> })),
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
          // Reachable while the workspace is locked (spec 4): the lockdown itself, billing for those who can
          // buy a plan, the user's own profile and invites.
          { path: '/expired', element: <ExpiredPage /> },
          { path: '/my-invites', element: <MyInvitesPage /> },
          { path: '/profile', element: <ProfilePage /> },
          { path: '/billing', element: <RequirePermission action="billing.read"><BillingPage /></RequirePermission> },
          {
            element: <RequireActiveWorkspace />,
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              { path: '/tasks', element: <TasksPage />, handle: fullWidth },
              { path: '/developer/playground', element: <RequirePermission action="ai.playground"><PromptPlaygroundPage /></RequirePermission> },
              {
                element: <RequirePermission action="team.manage" />,
                children: [
                  { path: '/team', element: <TeamPage /> },
                  { path: '/user/add', element: <UserAddPage /> },
                  { path: '/user/:id/edit', element: <UserEditPage /> },
                  { path: '/profile/:uid', element: <MemberProfilePage /> },
                ],
              },
              // Creating a brand is projects.manage; editing one (?project=<slug>) is also its own admins': the page guards each.
              { path: '/project/add', element: <ProjectAddPage /> },
              { path: '/project/:projectSlug', children: projectChildren },
            ],
          },
        ],
      },
      {
        // No sign-in at router level: a member sees the task inside the app, a visitor with ?review=<token> the
        // review view without the product header, anyone else is asked to sign in.
        path: '/project/:projectSlug/tasks/:taskId',
        element: <TaskPageLayout />,
        children: [{ index: true, element: <TaskPage /> }],
      },
      {
        // No product header: the extension's own pages.
        element: <BareLayout />,
        children: [
          // The extension's pages (popup, new-ticket, text-highlight, options, devtools, record, empty).
          { path: '/bex/*', element: <WebExtensionPages /> },
          // A review link of several posts: for a client, without the product header.
          { path: '/review/:token', element: <ReviewPage /> },
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
          {
            path: '/onboarding',
            element: (
              <RequireAuth>
                <OnboardingPage />
              </RequireAuth>
            ),
          },
          { path: '/try', element: <TryPage /> },
          { path: '/try/next-steps', element: <TryNextStepsPage /> },
          { path: '/play/:videoUid', element: <PlayPage /> },
          {
            path: '/integration-success',
            element: (
              <RequireAuth>
                <IntegrationSuccessPage />
              </RequireAuth>
            ),
          },
          { path: '/ui', element: <UiGalleryPage /> },
          { path: '/kitchen-sync', element: <KitchenSyncPage /> },
          {
            path: '/verify-subscription',
            element: (
              <RequireAuth>
                <VerifySubscriptionPage />
              </RequireAuth>
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routeObjects);

/** The lazy pages an element renders, however deep in guards and Suspense boundaries. */
const lazyPagesOf = (node: ReactNode): Preloadable[] => {
  if (Array.isArray(node)) return node.flatMap(lazyPagesOf);
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  const type = node.type as Partial<Preloadable>;
  return [...(typeof type.preload === 'function' ? [type as Preloadable] : []), ...lazyPagesOf(node.props.children)];
};

/**
 * Starts fetching the chunks of every layout and page a path renders, all at once: otherwise each one waits for
 * the one around it to render (the shell for the session, the page for the workspace list) before it is asked for.
 */
export const preloadRoute = (pathname: string) => {
  for (const { route } of matchRoutes(routeObjects, pathname) ?? []) {
    for (const lazyPage of lazyPagesOf(route.element)) void lazyPage.preload().catch(() => undefined);
  }
};
