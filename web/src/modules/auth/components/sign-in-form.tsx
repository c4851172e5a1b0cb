import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitForm } from '../../../ui/submit-form';
import { signInWithPassword } from '../auth-service';
import { isEmail } from '../auth-validation';
import { useAuthSubmit } from '../use-auth-submit';
import { EmailField } from './auth-fields';

export type SignInFormProps = {
  initialEmail?: string;
  onSignedIn: () => void;
  /** The account exists but its email is not confirmed yet. */
  onUnconfirmed: (email: string) => void;
};

export const SignInForm = ({ initialEmail = '', onSignedIn, onUnconfirmed }: SignInFormProps) => {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const form = useAuthSubmit({
    validate: () => isEmail(email) && !!password,
    action: async () => {
      await signInWithPassword(email, password);
      onSignedIn();
    },
    recover: { 'auth/user-not-confirmed': () => onUnconfirmed(email.trim().toLowerCase()) },
  });

  const emailError = form.submitted && !isEmail(email) ? t('common.emailInvalid') : undefined;
  const passwordError = form.submitted && !password ? t('common.required') : undefined;

  return (
    <SubmitForm
      submitLabel={t('auth.signIn.submit')}
      loading={form.loading}
      onSubmit={form.submit}
      error={form.error}
      errorIconLabel={t('notifications.error')}
    >
      <EmailField value={email} onChange={setEmail} error={emailError} />
      <FormField label={t('common.password')} errorText={passwordError}>
        <Input
          type="password"
          autoComplete="current-password"
          name="password"
          value={password}
          onChange={({ detail }) => setPassword(detail.value)}
          invalid={!!passwordError}
        />
      </FormField>
    </SubmitForm>
  );
};
