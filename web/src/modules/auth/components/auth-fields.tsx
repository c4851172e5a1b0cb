import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useTranslation } from 'react-i18next';

export type AuthFieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field, which is marked invalid while it is set. */
  error?: string;
};

export type EmailFieldProps = AuthFieldProps & {
  /** The email is fixed (an invite was sent to it). */
  readOnly?: boolean;
};

/** The account's email; autocomplete "username" so password managers pair it with the password. */
export const EmailField = ({ value, onChange, error, readOnly }: EmailFieldProps) => {
  const { t } = useTranslation();
  return (
    <FormField label={t('common.email')} errorText={error}>
      <Input
        type="email"
        inputMode="email"
        autoComplete="username"
        name="email"
        value={value}
        readOnly={readOnly}
        onChange={({ detail }) => onChange(detail.value)}
        invalid={!!error}
      />
    </FormField>
  );
};

export type CodeFieldProps = AuthFieldProps & { label: string };

/** The 6-digit code from the email; "one-time-code" lets phones offer it from the message. */
export const CodeField = ({ label, value, onChange, error }: CodeFieldProps) => {
  const { t } = useTranslation();
  return (
    <FormField label={label} constraintText={t('auth.confirmEmail.codeHint')} errorText={error}>
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        name="code"
        value={value}
        onChange={({ detail }) => onChange(detail.value)}
        invalid={!!error}
      />
    </FormField>
  );
};

export type NewPasswordFieldProps = AuthFieldProps & {
  label: string;
  name: string;
  /** The password rules under the field; left out on a field that only repeats the password. */
  constraintText?: string;
};

/** A password being chosen; "new-password" has password managers suggest one instead of filling the old one. */
export const NewPasswordField = ({ label, name, constraintText, value, onChange, error }: NewPasswordFieldProps) => (
  <FormField label={label} constraintText={constraintText} errorText={error}>
    <Input
      type="password"
      autoComplete="new-password"
      name={name}
      value={value}
      onChange={({ detail }) => onChange(detail.value)}
      invalid={!!error}
    />
  </FormField>
);
