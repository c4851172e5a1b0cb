import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { EXTENSION_VERSION } from '#shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getStartParams } from '../../app/start-params';

/** The extension install steps (spec 1, 8): shown when the app is opened with extension_outdated=true. */
export const ExtensionInstallSteps = () => {
  const { t } = useTranslation();
  const version = String(EXTENSION_VERSION);
  return (
    <SpaceBetween size="s">
      <Box>{t('extension.install.intro', { version })}</Box>
      <ol style={{ margin: 0, paddingInlineStart: 20 }}>
        <li>{t('extension.install.step1')}</li>
        <li>{t('extension.install.step2')}</li>
        <li>{t('extension.install.step3', { version })}</li>
        <li>{t('extension.install.step4')}</li>
      </ol>
    </SpaceBetween>
  );
};

export const ExtensionOutdatedDialog = () => {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => getStartParams().extensionOutdated === true);
  if (!visible) return null;
  return (
    <Modal
      visible
      onDismiss={() => setVisible(false)}
      header={t('extension.install.title')}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={() => setVisible(false)}>
            {t('extension.install.close')}
          </Button>
        </Box>
      }
    >
      <ExtensionInstallSteps />
    </Modal>
  );
};
