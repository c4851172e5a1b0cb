import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { selectIsAuthenticated, useAuthStore } from '../modules/auth/auth-store';
import { BareLayout } from './bare-layout';
import { ShellLoader } from './shell-loader';

const MainLayout = lazy(async () => ({ default: (await import('./main-layout')).MainLayout }));

/**
 * The task page's frame (the route needs no sign-in, spec 2): a signed-in member reads the task inside the app
 * (navigation, breadcrumbs, the timer); a review visitor, or anyone not signed in, gets the page without the
 * product header.
 */
export const TaskPageLayout = () => {
  const [params] = useSearchParams();
  const initialized = useAuthStore((state) => state.initialized);
  const authenticated = useAuthStore(selectIsAuthenticated);
  if (params.get('review') || !initialized || !authenticated) return <BareLayout />;
  return (
    <Suspense fallback={<ShellLoader />}>
      <MainLayout />
    </Suspense>
  );
};
