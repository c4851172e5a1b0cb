import Modal from '@cloudscape-design/components/modal';
import type { TeamMember } from '#shared/schemas/workspace';
import { useTranslation } from 'react-i18next';
import { MemberRoleForm } from './member-role-form';

export type ChangeRoleModalProps = {
  workspaceId: string;
  /** The member whose role is being changed; undefined keeps the dialog closed. */
  member: TeamMember | undefined;
  roles: string[];
  onClose: () => void;
  onSaved: (member: TeamMember) => void;
};

/** "Change role" from a row of the team table. */
export const ChangeRoleModal = ({ workspaceId, member, roles, onClose, onSaved }: ChangeRoleModalProps) => {
  const { t } = useTranslation();
  return (
    <Modal
      visible={!!member}
      onDismiss={onClose}
      header={member ? t('team.role.title', { email: member.email }) : ''}
      closeAriaLabel={t('common.close')}
    >
      {member && (
        <MemberRoleForm key={member.uid} workspaceId={workspaceId} member={member} roles={roles} onSaved={onSaved} onCancel={onClose} />
      )}
    </Modal>
  );
};
