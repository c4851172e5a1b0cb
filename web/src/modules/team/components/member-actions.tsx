import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import type { TeamMember } from '#shared/schemas/workspace';
import { useTranslation } from 'react-i18next';

export type MemberAction = 'changeRole' | 'edit' | 'profile' | 'remove' | 'resend' | 'revoke';

export type MemberActionsProps = {
  member: TeamMember;
  onAction: (action: MemberAction, member: TeamMember) => void;
};

/** The row menu of the team table: a joined member's role, profile and removal; a pending invite's email again, or its revocation. */
export const MemberActions = ({ member, onAction }: MemberActionsProps) => {
  const { t } = useTranslation();
  const items: ButtonDropdownProps.Item[] =
    member.status === 'joined'
      ? [
          { id: 'changeRole', text: t('team.actions.changeRole') },
          { id: 'edit', text: t('team.actions.edit') },
          { id: 'profile', text: t('team.actions.profile') },
          { id: 'remove', text: t('team.actions.remove') },
        ]
      : [
          { id: 'resend', text: t('team.actions.resend') },
          { id: 'revoke', text: t('team.actions.revoke') },
        ];
  return (
    <ButtonDropdown
      variant="inline-icon"
      ariaLabel={t('team.actions.label', { email: member.email })}
      expandToViewport
      items={items}
      onItemClick={({ detail }) => onAction(detail.id as MemberAction, member)}
    />
  );
};
