import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import type { TeamMember } from '#shared/schemas/workspace';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { SubmitForm } from '../../../ui/submit-form';
import { useSubmit } from '../../../ui/use-submit';
import { knownRole, roleLabel } from '../../workspaces/role-label';
import { changeMemberRole } from '../team-service';

export type MemberRoleFormProps = {
  workspaceId: string;
  member: TeamMember;
  roles: string[];
  onSaved: (member: TeamMember) => void;
  onCancel?: () => void;
};

/**
 * A member's role. The server has the last word: it keeps one admin (workspace_min_one) and refuses some edits
 * (workspace_edit_user_failure); its message shows in the form.
 */
export const MemberRoleForm = ({ workspaceId, member, roles, onSaved, onCancel }: MemberRoleFormProps) => {
  const { t } = useTranslation();
  const [role, setRole] = useState<string>(member.role);
  const form = useSubmit({
    validate: () => !!knownRole(role),
    action: async () => {
      const chosen = knownRole(role);
      if (!chosen) return;
      const saved = chosen === member.role ? member : await changeMemberRole(workspaceId, member.uid, chosen);
      onSaved(saved);
    },
    describeError: errorText,
  });
  const options: SelectProps.Option[] = roles.map((name) => ({ value: name, label: roleLabel(name) }));
  const selected = options.find((option) => knownRole(option.value ?? '') === knownRole(role)) ?? { value: role, label: roleLabel(role) };

  return (
    <SubmitForm
      submitLabel={t('team.role.save')}
      loading={form.loading}
      onSubmit={form.submit}
      error={form.error}
      errorIconLabel={t('notifications.error')}
      cancel={onCancel && { label: t('common.cancel'), onCancel }}
    >
      <FormField label={t('team.role.label')} description={t('team.role.description')}>
        <Select
          options={options}
          selectedOption={selected}
          onChange={({ detail }) => {
            setRole(detail.selectedOption.value ?? member.role);
            form.clearError();
          }}
        />
      </FormField>
    </SubmitForm>
  );
};
