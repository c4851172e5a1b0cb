import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePushStore } from './push-store';

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/**
 * The profile's word on push for this device: on, off with a button that asks the browser (a click, as browsers
 * want), blocked (how to undo it), or not possible in this browser.
 */
export const PushDevice = () => {
  const { t } = useTranslation();
  const { status, permission, set } = usePushStore();
  useEffect(() => {
    if (!supported()) set({ status: 'unsupported', permission: 'unsupported' });
    else set({ permission: Notification.permission });
  }, [set]);

  const turnOn = () => {
    // Asked right in the click: browsers show the question only within the gesture.
    const asked = Notification.requestPermission();
    void import('./push-service').then(({ enablePush }) => enablePush(asked));
  };

  // A sentence to act on is an alert (it wraps as text); a state is a status line.
  const line =
    status === 'unsupported' || permission === 'unsupported' ? (
      <Alert type="info" statusIconAriaLabel={t('notifications.info')}>{t('push.unsupported')}</Alert>
    ) : permission === 'denied' ? (
      <Alert type="warning" statusIconAriaLabel={t('notifications.warning')}>{t('push.denied')}</Alert>
    ) : status === 'failed' ? (
      <Alert type="error" statusIconAriaLabel={t('notifications.error')}>{t('push.failed')}</Alert>
    ) : status === 'subscribing' ? (
      <StatusIndicator type="loading">{t('push.subscribing')}</StatusIndicator>
    ) : status === 'on' ? (
      <StatusIndicator type="success">{t('push.on')}</StatusIndicator>
    ) : (
      <StatusIndicator type="stopped">{t('push.off')}</StatusIndicator>
    );
  const canAsk = permission !== 'unsupported' && permission !== 'denied' && (status === 'off' || status === 'failed');

  return (
    <SpaceBetween size="xs">
      <Box variant="h3" padding="n">
        {t('push.deviceTitle')}
      </Box>
      <Box variant="small" color="text-body-secondary">
        {t('push.deviceDescription')}
      </Box>
      <div role="status" aria-live="polite">
        {line}
      </div>
      {canAsk && <Button onClick={turnOn}>{status === 'failed' ? t('push.tryAgain') : t('push.turnOn')}</Button>}
    </SpaceBetween>
  );
};
