import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCan } from '../../workspaces/workspace-store';

export type UpgradeRequiredDialogProps = {
  visible: boolean;
  onDismiss: () => void;
  /** Why a paid plan is needed (e.g. the team_full message); a general text otherwise. */
  message?: string;
};

/** A feature needs a paid plan: admins are offered the plans, everyone else is told to ask an admin. */
export const UpgradeRequiredDialog = ({ visible, onDismiss, message }: UpgradeRequiredDialogProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canUpgrade = useCan('billing.manage');
  return (
    <Modal
      visible={visible}
      onDismiss={onDismiss}
      header={t('billing.upgradeRequired.title')}
      closeAriaLabel={t('common.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant={canUpgrade ? 'link' : 'primary'} onClick={onDismiss}>
              {canUpgrade ? t('billing.upgradeRequired.notNow') : t('billing.upgradeRequired.ok')}
            </Button>
            {canUpgrade && (
              <Button
                variant="primary"
                onClick={() => {
                  onDismiss();
                  navigate('/billing');
                }}
              >
                {t('billing.upgradeRequired.seePlans')}
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="s">
        <Box variant="p">{message ?? t('billing.upgradeRequired.body')}</Box>
        {!canUpgrade && <Box variant="p">{t('billing.upgradeRequired.askAdmin')}</Box>}
      </SpaceBetween>
    </Modal>
  );
};
