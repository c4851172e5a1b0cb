import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { updateProfileBody } from '#shared/schemas/workspace';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitForm } from '../../../ui/submit-form';
import { signUpWithEmail } from '../auth-service';
import { isEmail, unmetPasswordRules } from '../auth-validation';
import { rememberSignUp } from '../first-run';
import { useAuthSubmit } from '../use-auth-submit';
import { EmailField, NewPasswordField } from './auth-fields';
import { passwordErrorText } from './password-error';

export type SignUpFormProps = {
  initialEmail?: string;
  /** The email is fixed (an invite was sent to it). */
  lockEmail?: boolean;
  onSignedUp: (email: string) => void;
};

/** The profile's rule for a display name (trimmed, 1–80 characters). */
const isDisplayName = (value: string) => updateProfileBody.shape.name.safeParse(value).success;

export const SignUpForm = ({ initialEmail = '', lockEmail = false, onSignedUp }: SignUpFormProps) => {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useAuthSubmit({
    validate: () => isDisplayName(name) && isEmail(email) && unmetPasswordRules(password).length === 0 && confirm === password,
    action: async () => {
      await signUpWithEmail(email, password, name);
      rememberSignUp(email, password, name);
      onSignedUp(email.trim().toLowerCase());
    },
  });

  const nameError = form.submitted && !isDisplayName(name) ? t('auth.signUp.nameInvalid') : undefined;
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
      <FormField label={t('auth.signUp.name')} constraintText={t('auth.signUp.nameHint')} errorText={nameError}>
        <Input value={name} name="name" autoComplete="name" onChange={({ detail }) => setName(detail.value)} invalid={!!nameError} />
      </FormField>
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
