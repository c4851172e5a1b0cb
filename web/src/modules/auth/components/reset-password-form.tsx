import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitForm } from '../../../ui/submit-form';
import { confirmPasswordReset } from '../auth-service';
import { isEmail, isSixDigitCode, normaliseCode, unmetPasswordRules } from '../auth-validation';
import { useAuthSubmit } from '../use-auth-submit';
import { CodeField, EmailField, NewPasswordField } from './auth-fields';
import { passwordErrorText } from './password-error';

export type ResetPasswordFormProps = {
  initialEmail?: string;
  onReset: (email: string) => void;
};

export const ResetPasswordForm = ({ initialEmail = '', onReset }: ResetPasswordFormProps) => {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const form = useAuthSubmit({
    validate: () => isEmail(email) && isSixDigitCode(code) && unmetPasswordRules(password).length === 0,
    action: async () => {
      const address = email.trim().toLowerCase();
      await confirmPasswordReset(address, normaliseCode(code), password);
      onReset(address);
    },
  });

  const emailError = form.submitted && !isEmail(email) ? t('common.emailInvalid') : undefined;
  const codeError = form.submitted && !isSixDigitCode(code) ? t('auth.confirmEmail.codeInvalid') : undefined;
  const passwordError = form.submitted ? passwordErrorText(t, password) : undefined;

  return (
    <SubmitForm
      submitLabel={t('auth.resetPassword.submit')}
      loading={form.loading}
      onSubmit={form.submit}
      error={form.error}
      errorIconLabel={t('notifications.error')}
    >
      <EmailField value={email} onChange={setEmail} error={emailError} />
      <CodeField label={t('auth.resetPassword.code')} value={code} onChange={setCode} error={codeError} />
      <NewPasswordField
        label={t('auth.resetPassword.newPassword')}
        name="new-password"
        constraintText={t('auth.passwordHint')}
        value={password}
        onChange={setPassword}
        error={passwordError}
      />
    </SubmitForm>
  );
};
