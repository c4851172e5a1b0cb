import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { ROLES, sameRole, type Role } from '#shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../../api/client';
import { translateError } from '../../../i18n';
import { SubmitForm } from '../../../ui/submit-form';
import { useSubmit } from '../../../ui/use-submit';
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
  const form = useSubmit({
    validate: () => isEmail(email),
    action: async () => {
      const address = email.trim().toLowerCase();
      // The select holds names from GET /roles (compared case-insensitively); the route takes the known ones.
      const knownRole = ROLES.find((name) => sameRole(name, role)) ?? DEFAULT_ROLE;
      await api.call('createInvite', {
        params: { workspaceId },
        body: { email: address, role: knownRole },
        notify: false,
      });
      notify.positive(t('team.invite.sent', { email: address }));
      setEmail('');
      form.reset();
      onInvited();
    },
    // The form's error is the server's word on the email field; other failures are notifications.
    describeError: (caught) => {
      if (!isApiError(caught)) throw caught;
      const message = translateError(caught.code, caught.message);
      if (caught.code && EMAIL_CODES.has(caught.code)) return message;
      notify.negative(message);
      return undefined;
    },
  });

  const roleOptions: SelectProps.Option[] = roles.map((name) => ({ value: name, label: roleLabel(name) }));
  const selectedRole = roleOptions.find((option) => option.value === role) ?? { value: role, label: roleLabel(role) };
  const emailError = form.error ?? (form.submitted && !isEmail(email) ? t('common.emailInvalid') : undefined);

  return (
    <Container header={<Header variant="h2" description={t('team.invite.description')}>{t('team.invite.title')}</Header>}>
      <SubmitForm submitLabel={t('team.invite.submit')} loading={form.loading} onSubmit={form.submit}>
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
                form.clearError();
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
      </SubmitForm>
    </Container>
  );
};
