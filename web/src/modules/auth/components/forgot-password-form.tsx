import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../../i18n';
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
        errorText={error}
        errorIconAriaLabel={t('notifications.error')}
        actions={
          <Button variant="primary" formAction="submit" loading={loading}>
            {t('auth.forgotPassword.submit')}
          </Button>
        }
      >
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
      </Form>
    </form>
  );
};
