import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../../i18n';
import { FormAlert } from '../../../ui/form-alert';
import { AuthActionError, requestPasswordReset } from '../auth-service';
import { isEmail } from '../auth-validation';

export type ForgotPasswordFormProps = {
  initialEmail?: string;
  onCodeSent: (email: string) => void;
};

export const ForgotPasswordForm = ({ initialEmail = '', onCodeSent }: ForgotPasswordFormProps) => {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  const emailError = submitted && !isEmail(email) ? t('common.emailInvalid') : undefined;

  const submit = async () => {
    setSubmitted(true);
    setError(undefined);
    if (!isEmail(email)) return;
    setLoading(true);
    const address = email.trim().toLowerCase();
    try {
      await requestPasswordReset(address);
      onCodeSent(address);
    } catch (caught) {
      const failure = caught instanceof AuthActionError ? caught : new AuthActionError({ code: undefined, message: String(caught) });
      // Never reveal whether an account exists: an unknown email goes on like a known one.
      if (failure.code === 'auth/user-not-found') return onCodeSent(address);
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
            {t('auth.forgotPassword.submit')}
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
          {error && <FormAlert iconLabel={t('notifications.error')}>{error}</FormAlert>}
        </SpaceBetween>
      </Form>
    </form>
  );
};
