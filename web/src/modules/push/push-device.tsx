import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteResponse, Routes } from '#shared/routes';
import { api } from '../../api/client';
import { PUSH_DEVICES_KEY, readDeviceId, usePushStore } from './push-store';

type Device = RouteResponse<Routes['listPushSubscriptions']>['items'][number];

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
      <PushDevices />
    </SpaceBetween>
  );
};

/**
 * Every device that gets the person's pushes, each removable: a phone that was sold or a shared laptop stops
 * getting them without being at hand. Removing this device also drops the browser's own subscription.
 */
const PushDevices = () => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const devices = useQuery({ queryKey: PUSH_DEVICES_KEY, queryFn: ({ signal }) => api.call('listPushSubscriptions', { signal, notify: false }) });
  const thisDevice = readDeviceId();
  const remove = useMutation({
    mutationFn: async (device: Device) => {
      if (device.device_id === thisDevice) {
        await (await import('./push-service')).unsubscribeThisDevice();
      } else {
        await api.call('deletePushSubscription', { params: { deviceId: device.device_id }, notify: false });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_KEY }),
  });
  const items = devices.data?.items ?? [];
  if (devices.isPending) return null;
  const nameOf = (device: Device) => device.label ?? t('push.unnamedDevice');
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  return (
    <SpaceBetween size="xs">
      <Box variant="h4" padding="n">
        {t('push.devicesTitle')}
      </Box>
      {devices.isError ? (
        <Alert type="error" statusIconAriaLabel={t('notifications.error')}>{t('push.devicesLoadFailed')}</Alert>
      ) : items.length === 0 ? (
        <Box variant="small" color="text-body-secondary">
          {t('push.devicesEmpty')}
        </Box>
      ) : (
        <ul aria-label={t('push.devicesTitle')} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {items.map((device) => (
            <li key={device.device_id} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
              <span>
                <Box variant="strong" display="inline">
                  {nameOf(device)}
                </Box>
                {device.device_id === thisDevice && (
                  <Box variant="small" display="inline" color="text-status-info" margin={{ left: 'xs' }}>
                    {t('push.thisDevice')}
                  </Box>
                )}
                <Box variant="small" display="block" color="text-body-secondary">
                  {t('push.added', { date: date(device.created_at) })}
                </Box>
              </span>
              <Button
                variant="normal"
                ariaLabel={t('push.removeLabel', { device: nameOf(device) })}
                loading={remove.isPending && remove.variables?.device_id === device.device_id}
                onClick={() => remove.mutate(device)}
              >
                {t('push.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && <Alert type="error" statusIconAriaLabel={t('notifications.error')}>{t('push.removeFailed')}</Alert>}
    </SpaceBetween>
  );
};
