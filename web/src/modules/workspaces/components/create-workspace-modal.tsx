import Modal from '@cloudscape-design/components/modal';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CreateWorkspaceForm } from './create-workspace-form';

export type CreateWorkspaceModalProps = { visible: boolean; onClose: () => void };

/** "Create workspace" from the workspace switcher. */
export const CreateWorkspaceModal = ({ visible, onClose }: CreateWorkspaceModalProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Modal visible={visible} onDismiss={onClose} header={t('workspaces.create.title')} closeAriaLabel={t('common.close')}>
      {visible && (
        <CreateWorkspaceForm
          onCancel={onClose}
          onCreated={() => {
            onClose();
            navigate('/dashboard', { replace: true });
          }}
        />
      )}
    </Modal>
  );
};
