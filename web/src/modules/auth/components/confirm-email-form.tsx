import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../../config/app-config';
import { translateError } from '../../../i18n';
import { FormAlert } from '../../../ui/form-alert';
import { AuthActionError, confirmEmail, resendConfirmationCode } from '../auth-service';
import { isEmail, isSixDigitCode, normaliseCode } from '../auth-validation';

export type ConfirmEmailFormProps = {
  initialEmail?: string;
  /** The email is confirmed; the user signs in next. */
  onConfirmed: (email: string) => void;
};

const asFailure = (caught: unknown) =>
  caught instanceof AuthActionError ? caught : new AuthActionError({ code: undefined, message: String(caught) });

export const ConfirmEmailForm = ({ initialEmail = '', onConfirmed }: ConfirmEmailFormProps) => {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<string>();
  const [info, setInfo] = useState<string>();
  const mailCatcherUrl = appConfig()?.mailCatcherUrl;

  const emailError = submitted && !isEmail(email) ? t('common.emailInvalid') : undefined;
  const codeError = submitted && !isSixDigitCode(code) ? t('auth.confirmEmail.codeInvalid') : undefined;

  const submit = async () => {
    setSubmitted(true);
    setError(undefined);
    if (!isEmail(email) || !isSixDigitCode(code)) return;
    setLoading(true);
    const address = email.trim().toLowerCase();
    try {
      await confirmEmail(address, normaliseCode(code));
      onConfirmed(address);
    } catch (caught) {
      const failure = asFailure(caught);
      setError(translateError(failure.code, failure.message));
    } finally {
      setLoading(false);
    }
  };

  const resend = async () => {
    setError(undefined);
    setInfo(undefined);
    if (!isEmail(email)) {
      setSubmitted(true);
      return;
    }
    setResending(true);
    try {
      await resendConfirmationCode(email);
      setInfo(t('auth.confirmEmail.resent', { email: email.trim().toLowerCase() }));
    } catch (caught) {
      const failure = asFailure(caught);
      setError(translateError(failure.code, failure.message));
    } finally {
      setResending(false);
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
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" loading={resending} onClick={() => void resend()}>
              {t('auth.confirmEmail.resend')}
            </Button>
            <Button variant="primary" formAction="submit" loading={loading}>
              {t('auth.confirmEmail.submit')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {info && (
            <Alert type="success" statusIconAriaLabel={t('notifications.success')}>
              {info}
            </Alert>
          )}
          {mailCatcherUrl && (
            <Box variant="small">
              <Link href={mailCatcherUrl} external target="_blank" variant="primary" fontSize="body-s">
                {t('auth.confirmEmail.mailCatcher')}
              </Link>
            </Box>
          )}
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
          <FormField label={t('auth.confirmEmail.code')} constraintText={t('auth.confirmEmail.codeHint')} errorText={codeError}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              name="code"
              value={code}
              onChange={({ detail }) => setCode(detail.value)}
              invalid={!!codeError}
            />
          </FormField>
          {error && <FormAlert iconLabel={t('notifications.error')}>{error}</FormAlert>}
        </SpaceBetween>
      </Form>
    </form>
  );
};
