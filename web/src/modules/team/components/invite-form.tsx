import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import type { Role } from '#shared/constants';
import type { ErrorCode } from '#shared/errors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { translateError } from '../../../i18n';
import { SubmitForm } from '../../../ui/submit-form';
import { useSubmit } from '../../../ui/use-submit';
import { isEmail } from '../../auth/auth-validation';
import { UpgradeRequiredDialog } from '../../billing/components/upgrade-required-dialog';
import { notify } from '../../notifications/notification-store';
import { knownRole, roleLabel } from '../../workspaces/role-label';
import { invitePerson } from '../team-service';

export type InviteFormProps = {
  workspaceId: string;
  roles: string[];
  onInvited?: (email: string) => void;
  /** Offers a way out (the full /user/add page); the team page's form has none. */
  onCancel?: () => void;
};

/** Codes about the email itself are shown on the email field; anything else as a notification. */
const EMAIL_CODES = new Set<string>(['user_already_invited', 'user_already_in_workspace', 'bad_request']);
/** No seat left (spec 9): a paid plan is what it takes, so the upgrade dialog says so. */
const TEAM_FULL: ErrorCode = 'team_full';

const DEFAULT_ROLE: Role = 'member';

/** Invite a person by email with a role; the API emails them the link. */
export const InviteForm = ({ workspaceId, roles, onInvited, onCancel }: InviteFormProps) => {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>(DEFAULT_ROLE);
  const [upgradeMessage, setUpgradeMessage] = useState<string>();
  const form = useSubmit({
    validate: () => isEmail(email),
    action: async () => {
      const address = email.trim().toLowerCase();
      // The select holds names from GET /roles (compared case-insensitively); the route takes the known ones.
      await invitePerson(workspaceId, address, knownRole(role) ?? DEFAULT_ROLE);
      notify.positive(t('team.invite.sent', { email: address }));
      setEmail('');
      form.reset();
      onInvited?.(address);
    },
    // The form's error is the server's word on the email field; other failures are notifications.
    describeError: (caught) => {
      if (!isApiError(caught)) throw caught;
      const message = translateError(caught.code, caught.message);
      if (caught.code === TEAM_FULL) {
        setUpgradeMessage(message);
        return undefined;
      }
      if (caught.code && EMAIL_CODES.has(caught.code)) return message;
      notify.negative(message);
      return undefined;
    },
  });

  const roleOptions: SelectProps.Option[] = roles.map((name) => ({ value: name, label: roleLabel(name) }));
  const selectedRole = roleOptions.find((option) => option.value === role) ?? { value: role, label: roleLabel(role) };
  const emailError = form.error ?? (form.submitted && !isEmail(email) ? t('common.emailInvalid') : undefined);

  return (
    <>
      <SubmitForm
        submitLabel={t('team.invite.submit')}
        loading={form.loading}
        onSubmit={form.submit}
        secondaryActions={
          onCancel && (
            <Button formAction="none" variant="link" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )
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
      <UpgradeRequiredDialog visible={!!upgradeMessage} message={upgradeMessage} onDismiss={() => setUpgradeMessage(undefined)} />
    </>
  );
};
