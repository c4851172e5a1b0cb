import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../../i18n';
import { FormAlert } from '../../../ui/form-alert';
import { passwordErrorText } from './password-error';
import { AuthActionError, confirmPasswordReset } from '../auth-service';
import { isEmail, isSixDigitCode, normaliseCode, unmetPasswordRules } from '../auth-validation';

export type ResetPasswordFormProps = {
  initialEmail?: string;
  onReset: (email: string) => void;
};

export const ResetPasswordForm = ({ initialEmail = '', onReset }: ResetPasswordFormProps) => {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  const emailError = submitted && !isEmail(email) ? t('common.emailInvalid') : undefined;
  const codeError = submitted && !isSixDigitCode(code) ? t('auth.confirmEmail.codeInvalid') : undefined;
  const passwordError =
    submitted ? passwordErrorText(t, password) : undefined;

  const submit = async () => {
    setSubmitted(true);
    setError(undefined);
    if (!isEmail(email) || !isSixDigitCode(code) || unmetPasswordRules(password).length > 0) return;
    setLoading(true);
    const address = email.trim().toLowerCase();
    try {
      await confirmPasswordReset(address, normaliseCode(code), password);
      onReset(address);
    } catch (caught) {
      const failure = caught instanceof AuthActionError ? caught : new AuthActionError({ code: undefined, message: String(caught) });
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
            {t('auth.resetPassword.submit')}
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
          <FormField label={t('auth.resetPassword.code')} constraintText={t('auth.confirmEmail.codeHint')} errorText={codeError}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              name="code"
              value={code}
              onChange={({ detail }) => setCode(detail.value)}
              invalid={!!codeError}
            />
          </FormField>
          <FormField label={t('auth.resetPassword.newPassword')} constraintText={t('auth.passwordHint')} errorText={passwordError}>
            <Input
              type="password"
              autoComplete="new-password"
              name="new-password"
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
