import Box from '@cloudscape-design/components/box';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { selectIsAuthenticated, useAuthStore } from '../modules/auth/auth-store';
import { safeRedirect } from '../modules/auth/auth-validation';
import { SignUpForm } from '../modules/auth/components/sign-up-form';
import { NarrowPage } from '../ui/narrow-page';
import { RouterLink } from '../ui/router-link';
import { usePageTitle } from '../ui/use-page-title';

export const SignUpPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isAuthenticated = useAuthStore(selectIsAuthenticated);
  const rawRedirect = params.get('redirect');
  usePageTitle(t('auth.signUp.title'));

  if (isAuthenticated) return <Navigate to={safeRedirect(rawRedirect)} replace />;

  const carry = rawRedirect ? `&redirect=${encodeURIComponent(rawRedirect)}` : '';
  return (
    <NarrowPage
      title={t('auth.signUp.title')}
      description={t('auth.signUp.description')}
      footer={
        <Box variant="p">
          {t('auth.signUp.haveAccount')}{' '}
          <RouterLink to={rawRedirect ? `/signin?redirect=${encodeURIComponent(rawRedirect)}` : '/signin'}>
            {t('auth.signUp.signIn')}
          </RouterLink>
        </Box>
      }
    >
      <SignUpForm
        initialEmail={params.get('email') ?? ''}
        onSignedUp={(email) => navigate(`/confirm-email?email=${encodeURIComponent(email)}${carry}`)}
      />
    </NarrowPage>
  );
};
