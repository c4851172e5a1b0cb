import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { selectIsAuthenticated, useAuthStore } from '../modules/auth/auth-store';
import { safeRedirect } from '../modules/auth/auth-validation';
import { SignInForm } from '../modules/auth/components/sign-in-form';
import { NarrowPage } from '../ui/narrow-page';
import { RouterLink } from '../ui/router-link';
import { usePageTitle } from '../ui/use-page-title';

const withParams = (path: string, params: Record<string, string | null>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

export const SignInPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isAuthenticated = useAuthStore(selectIsAuthenticated);
  const rawRedirect = params.get('redirect');
  const redirect = safeRedirect(rawRedirect);
  const email = params.get('email') ?? '';
  usePageTitle(t('auth.signIn.title'));
  // Arrived here after a logout: from now on, protected links carry their redirect again.
  useEffect(() => useAuthStore.getState().clearLoggedOut(), []);

  if (isAuthenticated) return <Navigate to={redirect} replace />;

  const notice = params.has('confirmed') ? t('auth.signIn.confirmed') : params.has('reset') ? t('auth.signIn.passwordReset') : undefined;
  return (
    <NarrowPage
      title={t('auth.signIn.title')}
      description={t('auth.signIn.description')}
      footer={
        <SpaceBetween size="xs">
          <RouterLink to={withParams('/forgot-password', { email: email || null })}>{t('auth.signIn.forgot')}</RouterLink>
          <Box variant="p">
            {t('auth.signIn.noAccount')}{' '}
            <RouterLink to={withParams('/signup', { redirect: rawRedirect })}>{t('auth.signIn.createAccount')}</RouterLink>
          </Box>
        </SpaceBetween>
      }
    >
      <SpaceBetween size="l">
        {notice && (
          <Alert type="success" statusIconAriaLabel={t('notifications.success')}>
            {notice}
          </Alert>
        )}
        <SignInForm
          initialEmail={email}
          onSignedIn={() => navigate(redirect, { replace: true })}
          onUnconfirmed={(address) =>
            navigate(withParams('/confirm-email', { email: address, redirect: rawRedirect, unconfirmed: '1' }))
          }
        />
      </SpaceBetween>
    </NarrowPage>
  );
};
