import Alert from '@cloudscape-design/components/alert';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../modules/auth/auth-validation';
import { ConfirmEmailForm } from '../modules/auth/components/confirm-email-form';
import { settleDisplayName, signInAfterConfirm } from '../modules/auth/first-run';
import { notify } from '../modules/notifications/notification-store';
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
          onConfirmed={async (email) => {
            // Signed up in this tab: the password is still in memory, so confirming signs in (no second form).
            if (await signInAfterConfirm(email)) {
              notify.positive(t('auth.confirmEmail.welcome', { name: (await settleDisplayName()) ?? email }));
              navigate(safeRedirect(rawRedirect), { replace: true });
              return;
            }
            const carry = rawRedirect ? `&redirect=${encodeURIComponent(rawRedirect)}` : '';
            navigate(`/signin?email=${encodeURIComponent(email)}&confirmed=1${carry}`, { replace: true });
          }}
        />
      </SpaceBetween>
    </NarrowPage>
  );
};
