import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitForm } from '../../../ui/submit-form';
import { signUpWithEmail } from '../auth-service';
import { isEmail, unmetPasswordRules } from '../auth-validation';
import { useAuthSubmit } from '../use-auth-submit';
import { EmailField, NewPasswordField } from './auth-fields';
import { passwordErrorText } from './password-error';

export type SignUpFormProps = {
  initialEmail?: string;
  /** The email is fixed (an invite was sent to it). */
  lockEmail?: boolean;
  onSignedUp: (email: string) => void;
};

export const SignUpForm = ({ initialEmail = '', lockEmail = false, onSignedUp }: SignUpFormProps) => {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useAuthSubmit({
    validate: () => isEmail(email) && unmetPasswordRules(password).length === 0 && confirm === password,
    action: async () => {
      await signUpWithEmail(email, password);
      onSignedUp(email.trim().toLowerCase());
    },
  });

  const emailError = form.submitted && !isEmail(email) ? t('common.emailInvalid') : undefined;
  const passwordError = form.submitted ? passwordErrorText(t, password) : undefined;
  const confirmError = form.submitted && confirm !== password ? t('auth.passwordsDontMatch') : undefined;

  return (
    <SubmitForm
      submitLabel={t('auth.signUp.submit')}
      loading={form.loading}
      onSubmit={form.submit}
      error={form.error}
      errorIconLabel={t('notifications.error')}
    >
      <EmailField value={email} onChange={setEmail} error={emailError} readOnly={lockEmail} />
      <NewPasswordField
        label={t('common.password')}
        name="password"
        constraintText={t('auth.passwordHint')}
        value={password}
        onChange={setPassword}
        error={passwordError}
      />
      <NewPasswordField
        label={t('auth.signUp.confirmPassword')}
        name="confirm-password"
        value={confirm}
        onChange={setConfirm}
        error={confirmError}
      />
    </SubmitForm>
  );
};
