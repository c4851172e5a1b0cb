import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../../i18n';
import { FormAlert } from '../../../ui/form-alert';
import { AuthActionError, signInWithPassword } from '../auth-service';
import { isEmail } from '../auth-validation';

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
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  const emailError = submitted && !isEmail(email) ? t('common.emailInvalid') : undefined;
  const passwordError = submitted && !password ? t('common.required') : undefined;

  const submit = async () => {
    setSubmitted(true);
    setError(undefined);
    if (!isEmail(email) || !password) return;
    setLoading(true);
    try {
      await signInWithPassword(email, password);
      onSignedIn();
    } catch (caught) {
      const failure = caught instanceof AuthActionError ? caught : new AuthActionError({ code: undefined, message: String(caught) });
      if (failure.code === 'auth/user-not-confirmed') return onUnconfirmed(email.trim().toLowerCase());
      setError(translateError(failure.code, failure.message));
    } finally {
      setLoading(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={loading}>
            {t('auth.signIn.submit')}
          </Button>
        }
      >
        <SpaceBetween size="l">
          <FormField label={t('common.email')} errorText={emailError}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="username"
              name="email"
              value={email}
              onChange={({ detail }) => setEmail(detail.value)}
              invalid={!!emailError}
            />
          </FormField>
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
          {error && <FormAlert iconLabel={t('notifications.error')}>{error}</FormAlert>}
        </SpaceBetween>
      </Form>
    </form>
  );
};
