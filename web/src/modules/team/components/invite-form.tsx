import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { ROLES, sameRole, type Role } from '#shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../../api/client';
import { translateError } from '../../../i18n';
import { isEmail } from '../../auth/auth-validation';
import { notify } from '../../notifications/notification-store';
import { roleLabel } from '../../workspaces/role-label';

export type InviteFormProps = {
  workspaceId: string;
  roles: string[];
  onInvited: () => void;
};

/** Codes about the email itself are shown on the email field; anything else as a notification. */
const EMAIL_CODES = new Set(['user_already_invited', 'user_already_in_workspace', 'bad_request']);

const DEFAULT_ROLE: Role = 'member';

export const InviteForm = ({ workspaceId, roles, onInvited }: InviteFormProps) => {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>(DEFAULT_ROLE);
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [serverError, setServerError] = useState<string>();

  const roleOptions: SelectProps.Option[] = roles.map((name) => ({ value: name, label: roleLabel(name) }));
  const selectedRole = roleOptions.find((option) => option.value === role) ?? { value: role, label: roleLabel(role) };
  const emailError = serverError ?? (submitted && !isEmail(email) ? t('common.emailInvalid') : undefined);

  const submit = async () => {
    setSubmitted(true);
    setServerError(undefined);
    if (!isEmail(email)) return;
    setLoading(true);
    const address = email.trim().toLowerCase();
    try {
      // The select holds names from GET /roles (compared case-insensitively); the route takes the known ones.
      const knownRole = ROLES.find((name) => sameRole(name, role)) ?? DEFAULT_ROLE;
      await api.call('createInvite', {
        params: { workspaceId },
        body: { email: address, role: knownRole },
        notify: false,
      });
      notify.positive(t('team.invite.sent', { email: address }));
      setEmail('');
      setSubmitted(false);
      onInvited();
    } catch (caught) {
      if (!isApiError(caught)) throw caught;
      const message = translateError(caught.code, caught.message);
      if (caught.code && EMAIL_CODES.has(caught.code)) setServerError(message);
      else notify.negative(message);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Container header={<Header variant="h2" description={t('team.invite.description')}>{t('team.invite.title')}</Header>}>
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
              {t('team.invite.submit')}
            </Button>
          }
        >
          <ColumnLayout columns={2}>
            <FormField label={t('team.invite.email')} errorText={emailError}>
              <Input
                type="email"
                inputMode="email"
                autoComplete="off"
                name="invite-email"
                value={email}
                onChange={({ detail }) => {
                  setEmail(detail.value);
                  setServerError(undefined);
                }}
                invalid={!!emailError}
              />
            </FormField>
            <FormField label={t('team.invite.role')}>
              <Select
                options={roleOptions}
                selectedOption={selectedRole}
                onChange={({ detail }) => setRole(detail.selectedOption.value ?? DEFAULT_ROLE)}
              />
            </FormField>
          </ColumnLayout>
        </Form>
      </form>
    </Container>
  );
};
