import Alert from '@cloudscape-design/components/alert';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ResetPasswordForm } from '../modules/auth/components/reset-password-form';
import { NarrowPage } from '../ui/narrow-page';
import { RouterLink } from '../ui/router-link';
import { usePageTitle } from '../ui/use-page-title';

export const ResetPasswordPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  usePageTitle(t('auth.resetPassword.title'));
  return (
    <NarrowPage
      title={t('auth.resetPassword.title')}
      description={t('auth.resetPassword.description')}
      footer={<RouterLink to="/signin">{t('common.backToSignIn')}</RouterLink>}
    >
      <SpaceBetween size="l">
        {params.has('sent') && email && (
          <Alert type="success" statusIconAriaLabel={t('notifications.success')}>
            {t('auth.resetPassword.codeSent', { email })}
          </Alert>
        )}
        <ResetPasswordForm
          initialEmail={email}
          onReset={(address) => navigate(`/signin?email=${encodeURIComponent(address)}&reset=1`, { replace: true })}
        />
      </SpaceBetween>
    </NarrowPage>
  );
};
