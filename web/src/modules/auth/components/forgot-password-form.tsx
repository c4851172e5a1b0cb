import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitForm } from '../../../ui/submit-form';
import { requestPasswordReset } from '../auth-service';
import { isEmail } from '../auth-validation';
import { useAuthSubmit } from '../use-auth-submit';
import { EmailField } from './auth-fields';

export type ForgotPasswordFormProps = {
  initialEmail?: string;
  onCodeSent: (email: string) => void;
};

export const ForgotPasswordForm = ({ initialEmail = '', onCodeSent }: ForgotPasswordFormProps) => {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const address = email.trim().toLowerCase();
  const form = useAuthSubmit({
    validate: () => isEmail(email),
    action: async () => {
      await requestPasswordReset(address);
      onCodeSent(address);
    },
    // Never reveal whether an account exists: an unknown email goes on like a known one.
    recover: { 'auth/user-not-found': () => onCodeSent(address) },
  });

  const emailError = form.submitted && !isEmail(email) ? t('common.emailInvalid') : undefined;

  return (
    <SubmitForm
      submitLabel={t('auth.forgotPassword.submit')}
      loading={form.loading}
      onSubmit={form.submit}
      error={form.error}
      errorIconLabel={t('notifications.error')}
    >
      <EmailField value={email} onChange={setEmail} error={emailError} />
    </SubmitForm>
  );
};
