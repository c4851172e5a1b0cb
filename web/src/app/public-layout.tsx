import TopNavigation from '@cloudscape-design/components/top-navigation';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { selectIsAuthenticated, useAuthStore } from '../modules/auth/auth-store';
import { NotificationsFlashbar } from '../modules/notifications/notifications-flashbar';
import { PageLoader } from '../ui/page-loader';

/** Sign-up, sign-in, invites and the other public pages: the product bar, notifications, one column. */
export const PublicLayout = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isAuthenticated = useAuthStore(selectIsAuthenticated);
  const home = isAuthenticated ? '/dashboard' : '/signin';
  const go = (href: string) => (event: CustomEvent) => {
    event.preventDefault();
    navigate(href);
  };
  const utilities = isAuthenticated
    ? [{ type: 'button' as const, text: t('nav.dashboard'), href: '/dashboard', onFollow: go('/dashboard') }]
    : [
        ...(pathname === '/signin' ? [] : [{ type: 'button' as const, text: t('auth.signIn.title'), href: '/signin', onFollow: go('/signin') }]),
        ...(pathname === '/signup' ? [] : [{ type: 'button' as const, text: t('auth.signIn.createAccount'), href: '/signup', onFollow: go('/signup') }]),
      ];
  return (
    <>
      {/* TopNavigation renders the banner landmark itself. */}
      <TopNavigation
        identity={{ href: home, title: t('app.name'), logo: { src: '/favicon.svg', alt: t('app.logoAlt') }, onFollow: go(home) }}
        utilities={utilities}
        i18nStrings={{ overflowMenuTriggerText: t('nav.overflowMenu'), overflowMenuTitleText: t('nav.overflowMenu') }}
      />
      <main id="main-content" style={{ padding: '16px' }}>
        <div style={{ maxWidth: 960, margin: '0 auto' }}>
          <NotificationsFlashbar />
        </div>
        <Suspense fallback={<PageLoader label={t('app.loading')} heading />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
};
