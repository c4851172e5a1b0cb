import Alert from '@cloudscape-design/components/alert';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ConfirmEmailForm } from '../modules/auth/components/confirm-email-form';
import { NarrowPage } from '../ui/narrow-page';
import { RouterLink } from '../ui/router-link';
import { usePageTitle } from '../ui/use-page-title';

export const ConfirmEmailPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rawRedirect = params.get('redirect');
  usePageTitle(t('auth.confirmEmail.title'));

  return (
    <NarrowPage
      title={t('auth.confirmEmail.title')}
      description={t('auth.confirmEmail.description')}
      footer={<RouterLink to="/signin">{t('common.backToSignIn')}</RouterLink>}
    >
      <SpaceBetween size="l">
        {params.has('unconfirmed') && <Alert type="info">{t('errors.auth/user-not-confirmed')}</Alert>}
        <ConfirmEmailForm
          initialEmail={params.get('email') ?? ''}
          onConfirmed={(email) => {
            const carry = rawRedirect ? `&redirect=${encodeURIComponent(rawRedirect)}` : '';
            navigate(`/signin?email=${encodeURIComponent(email)}&confirmed=1${carry}`, { replace: true });
          }}
        />
      </SpaceBetween>
    </NarrowPage>
  );
};
