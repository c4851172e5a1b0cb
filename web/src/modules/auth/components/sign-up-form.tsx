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
import { AuthActionError, signUpWithEmail } from '../auth-service';
import { isEmail, unmetPasswordRules } from '../auth-validation';

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
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  const emailError = submitted && !isEmail(email) ? t('common.emailInvalid') : undefined;
  const passwordError =
    submitted ? passwordErrorText(t, password) : undefined;
  const confirmError = submitted && confirm !== password ? t('auth.passwordsDontMatch') : undefined;

  const submit = async () => {
    setSubmitted(true);
    setError(undefined);
    if (!isEmail(email) || unmetPasswordRules(password).length > 0 || confirm !== password) return;
    setLoading(true);
    try {
      await signUpWithEmail(email, password);
      onSignedUp(email.trim().toLowerCase());
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
            {t('auth.signUp.submit')}
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
              readOnly={lockEmail}
              onChange={({ detail }) => setEmail(detail.value)}
              invalid={!!emailError}
            />
          </FormField>
          <FormField label={t('common.password')} constraintText={t('auth.passwordHint')} errorText={passwordError}>
            <Input
              type="password"
              autoComplete="new-password"
              name="password"
              value={password}
              onChange={({ detail }) => setPassword(detail.value)}
              invalid={!!passwordError}
            />
          </FormField>
          <FormField label={t('auth.signUp.confirmPassword')} errorText={confirmError}>
            <Input
              type="password"
              autoComplete="new-password"
              name="confirm-password"
              value={confirm}
              onChange={({ detail }) => setConfirm(detail.value)}
              invalid={!!confirmError}
            />
          </FormField>
          {error && <FormAlert iconLabel={t('notifications.error')}>{error}</FormAlert>}
        </SpaceBetween>
      </Form>
    </form>
  );
};
