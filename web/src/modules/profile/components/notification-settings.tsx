import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import { NOTIFICATION_KINDS, type NotificationChannel, type NotificationKind, type NotificationSettings as Settings } from '#shared/schemas/collab';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { PageLoader } from '../../../ui/page-loader';
import { PHONE_QUERY, useMediaQuery } from '../../../ui/use-media-query';
import { useNotificationSettings, useSaveNotificationSettings } from '../notification-settings-service';
import { PushDevice } from '../../push/push-device';

// Short headers keep the three switch columns beside the kinds on a phone; each switch is named in full.
const CHANNELS = [
  { channel: 'in_app', label: 'notifySettings.inApp', header: 'notifySettings.inAppShort' },
  { channel: 'email', label: 'notifySettings.email', header: 'notifySettings.emailShort' },
  { channel: 'push', label: 'notifySettings.push', header: 'notifySettings.pushShort' },
] as const satisfies readonly { channel: NotificationChannel; label: string; header: string }[];

/**
 * The profile's notification section: push on this device, then one row per kind, a switch per channel (in the
 * app, by email, on the person's devices). A switch
 * saves at once; the link at the foot of every notification email lands here (#notifications).
 */
export const NotificationSettings = () => {
  const { t } = useTranslation();
  const query = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const settings = query.data;
  // On a phone the table's four columns would scroll sideways: the kinds become a list with their switches.
  const narrow = useMediaQuery(PHONE_QUERY);

  const flip = (current: Settings, kind: NotificationKind, channel: NotificationChannel, on: boolean) =>
    save.mutate({ ...current, [kind]: { ...current[kind], [channel]: on } });

  return (
    <div id="notifications">
      <Container
        header={
          <Header
            variant="h2"
            description={t('notifySettings.description')}
            actions={
              <div role="status" aria-live="polite">
                {save.isPending ? (
                  <StatusIndicator type="loading">{t('notifySettings.saving')}</StatusIndicator>
                ) : save.isSuccess ? (
                  <StatusIndicator type="success">{t('notifySettings.saved')}</StatusIndicator>
                ) : null}
              </div>
            }
          >
            {t('notifySettings.title')}
          </Header>
        }
      >
        {query.isError ? (
          <Alert type="error" statusIconAriaLabel={t('notifications.error')}>
            {t('notifySettings.loadFailed')} {errorText(query.error)}
          </Alert>
        ) : !settings ? (
          <PageLoader label={t('notifySettings.loading')} />
        ) : (
          <SpaceBetween size="l">
            <PushDevice />
            {narrow ? (
              <ul aria-label={t('notifySettings.tableLabel')} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 16 }}>
                {NOTIFICATION_KINDS.map((kind) => (
                  <li key={kind} style={{ display: 'grid', gap: 4 }}>
                    <Box variant="strong" display="block">
                      {t(`notifyKinds.${kind}`)}
                    </Box>
                    <Box variant="small" display="block" color="text-body-secondary">
                      {t(`notifyKinds.${kind}Hint`)}
                    </Box>
                    <SpaceBetween direction="horizontal" size="l">
                      {CHANNELS.map(({ channel, label, header }) => (
                        <Toggle
                          key={channel}
                          checked={settings[kind][channel]}
                          ariaLabel={t('notifySettings.toggle', { kind: t(`notifyKinds.${kind}`), channel: t(label) })}
                          onChange={({ detail }) => flip(settings, kind, channel, detail.checked)}
                        >
                          {t(header)}
                        </Toggle>
                      ))}
                    </SpaceBetween>
                  </li>
                ))}
              </ul>
            ) : (
              <Table
                variant="embedded"
                wrapLines
                // A table that scrolls on a phone becomes a region named by its label, beside the page's own Notifications region.
                ariaLabels={{ tableLabel: t('notifySettings.tableLabel') }}
                items={[...NOTIFICATION_KINDS]}
                trackBy={(kind) => kind}
                columnDefinitions={[
                  {
                    id: 'kind',
                    header: t('notifySettings.kind'),
                    cell: (kind) => (
                      <div>
                        <Box variant="strong" display="block">
                          {t(`notifyKinds.${kind}`)}
                        </Box>
                        <Box variant="small" display="block" color="text-body-secondary">
                          {t(`notifyKinds.${kind}Hint`)}
                        </Box>
                      </div>
                    ),
                    isRowHeader: true,
                  },
                  ...CHANNELS.map(({ channel, label, header }) => ({
                    id: channel,
                    header: t(header),
                    cell: (kind: NotificationKind) => (
                      <Toggle
                        checked={settings[kind][channel]}
                        ariaLabel={t('notifySettings.toggle', { kind: t(`notifyKinds.${kind}`), channel: t(label) })}
                        onChange={({ detail }) => flip(settings, kind, channel, detail.checked)}
                      />
                    ),
                  })),
                ]}
              />
            )}
          </SpaceBetween>
        )}
      </Container>
    </div>
  );
};
