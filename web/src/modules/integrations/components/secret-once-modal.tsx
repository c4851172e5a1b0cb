import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';

export type SecretOnceModalProps = { name: string; secret: string; rotated: boolean; onDismiss: () => void };

/**
 * A webhook's signing secret, the one time the API answers it (after connect or a rotation): copyable, with a
 * plain warning that it will not be shown again. Closed only by its button or the close icon, never by a click
 * beside it.
 */
export const SecretOnceModal = ({ name, secret, rotated, onDismiss }: SecretOnceModalProps) => {
  const { t } = useTranslation();
  return (
    <Modal
      visible
      header={t('integrations.secret.title', { name })}
      closeAriaLabel={t('common.close')}
      onDismiss={({ detail }) => {
        if (detail.reason !== 'overlay') onDismiss();
      }}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onDismiss}>
            {t('integrations.secret.done')}
          </Button>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Alert type="warning" statusIconAriaLabel={t('notifications.warning')}>
          {t('integrations.secret.warning')}
        </Alert>
        <div data-testid="signing-secret" style={{ wordBreak: 'break-all' }}>
          <CopyToClipboard
            variant="inline"
            textToCopy={secret}
            copyButtonAriaLabel={t('integrations.secret.copy')}
            copySuccessText={t('integrations.secret.copied')}
            copyErrorText={t('integrations.secret.copyFailed')}
          />
        </div>
        <Box variant="p">{t('integrations.secret.body')}</Box>
        {rotated && <Box variant="p">{t('integrations.secret.rotatedNote')}</Box>}
      </SpaceBetween>
    </Modal>
  );
};
