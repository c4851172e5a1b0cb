import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../../config/app-config';
import { SubmitForm } from '../../../ui/submit-form';
import { confirmEmail, resendConfirmationCode } from '../auth-service';
import { isEmail, isSixDigitCode, normaliseCode } from '../auth-validation';
import { useAuthSubmit } from '../use-auth-submit';
import { CodeField, EmailField } from './auth-fields';

export type ConfirmEmailFormProps = {
  initialEmail?: string;
  /** The email is confirmed; what comes next (signing in) is part of the submit, its failure shown in the form. */
  onConfirmed: (email: string) => void | Promise<void>;
};

export const ConfirmEmailForm = ({ initialEmail = '', onConfirmed }: ConfirmEmailFormProps) => {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [resending, setResending] = useState(false);
  const [info, setInfo] = useState<string>();
  const mailCatcherUrl = appConfig()?.mailCatcherUrl;
  const form = useAuthSubmit({
    validate: () => isEmail(email) && isSixDigitCode(code),
    action: async () => {
      const address = email.trim().toLowerCase();
      await confirmEmail(address, normaliseCode(code));
      await onConfirmed(address);
    },
  });

  const emailError = form.submitted && !isEmail(email) ? t('common.emailInvalid') : undefined;
  const codeError = form.submitted && !isSixDigitCode(code) ? t('auth.confirmEmail.codeInvalid') : undefined;

  // A side action: it needs a valid email only, and shares the form's error slot but has its own spinner.
  const resend = async () => {
    form.clearError();
    setInfo(undefined);
    if (!isEmail(email)) return form.markSubmitted();
    setResending(true);
    try {
      await resendConfirmationCode(email);
      setInfo(t('auth.confirmEmail.resent', { email: email.trim().toLowerCase() }));
    } catch (caught) {
      form.fail(caught);
    } finally {
      setResending(false);
    }
  };

  return (
    <SubmitForm
      submitLabel={t('auth.confirmEmail.submit')}
      loading={form.loading}
      onSubmit={form.submit}
      error={form.error}
      errorIconLabel={t('notifications.error')}
      secondaryActions={
        <Button formAction="none" variant="link" loading={resending} onClick={() => void resend()}>
          {t('auth.confirmEmail.resend')}
        </Button>
      }
    >
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
      <EmailField value={email} onChange={setEmail} error={emailError} />
      <CodeField label={t('auth.confirmEmail.code')} value={code} onChange={setCode} error={codeError} />
    </SubmitForm>
  );
};
