import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ForgotPasswordForm } from '../modules/auth/components/forgot-password-form';
import { NarrowPage } from '../ui/narrow-page';
import { RouterLink } from '../ui/router-link';
import { usePageTitle } from '../ui/use-page-title';

export const ForgotPasswordPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  usePageTitle(t('auth.forgotPassword.title'));
  return (
    <NarrowPage
      title={t('auth.forgotPassword.title')}
      description={t('auth.forgotPassword.description')}
      footer={<RouterLink to="/signin">{t('common.backToSignIn')}</RouterLink>}
    >
      <ForgotPasswordForm
        initialEmail={params.get('email') ?? ''}
        onCodeSent={(email) => navigate(`/reset-password?email=${encodeURIComponent(email)}&sent=1`)}
      />
    </NarrowPage>
  );
};
