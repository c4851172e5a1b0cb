import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { Connection, SocialConnectionType } from '#shared/schemas/connections';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, useMediaQuery } from '../../../ui/use-media-query';
import { formatDateTime } from '../../task-detail/format';
import { connectionState, webAddress, type ShownState } from '../internal/connection-view';

export type SocialAccountCardProps = {
  type: SocialConnectionType;
  /** Undefined: the brand has no connection of this type. */
  connection: Connection | undefined;
  canManage: boolean;
  /** A sync was asked for (or the first one is due) and has not landed yet. */
  syncing: boolean;
  /** The action running now, if any ('connect:instagram', 'sync:youtube'…), for its spinner. */
  busy: string | undefined;
  onConnect: () => void;
  onSync: () => void;
  onDisconnect: () => void;
};

const STATE_INDICATOR: Record<ShownState, StatusIndicatorProps.Type> = {
  not_connected: 'stopped',
  pending_oauth: 'pending',
  connected: 'success',
  needs_reconnect: 'warning',
};

const OUTCOME_INDICATOR: Record<NonNullable<Connection['last_sync_outcome']>, StatusIndicatorProps.Type> = {
  ok: 'success',
  rate_limited: 'warning',
  failed: 'error',
  unauthorized: 'error',
};

/** The account's picture, or its initial when it has none (or the picture does not load). */
const Avatar = ({ src, username, alt }: { src?: string; username: string; alt: string }) => {
  const [broken, setBroken] = useState(false);
  const size = 48;
  const round = { width: size, height: size, borderRadius: '50%', flex: 'none' } as const;
  if (src && !broken) {
    return <img src={src} alt={alt} width={size} height={size} style={{ ...round, objectFit: 'cover' }} referrerPolicy="no-referrer" onError={() => setBroken(true)} />;
  }
  return (
    <div aria-hidden="true" style={{ ...round, display: 'grid', placeItems: 'center', background: '#e9ebed', color: '#414d5c', fontWeight: 700, fontSize: 20 }}>
      {username.slice(0, 1).toUpperCase()}
    </div>
  );
};

/**
 * One social account of the brand: Connect when there is none; when connected, who it is (@username, followers,
 * picture), its last sync and how it went, Sync now and Disconnect; a revoked or expired access says Reconnect.
 */
export const SocialAccountCard = ({ type, connection, canManage, syncing, busy, onConnect, onSync, onDisconnect }: SocialAccountCardProps) => {
  const { t } = useTranslation();
  const typeName = t(`connections.types.${type}`);
  const state = connectionState(connection);
  const account = connection?.account;
  const phone = useMediaQuery(PHONE_QUERY);
  const profileUrl = webAddress(account?.url);
  const connected = state === 'connected' || state === 'needs_reconnect';

  const connectButton = (label: string, primary: boolean) => (
    <Button variant={primary ? 'primary' : 'normal'} onClick={onConnect} loading={busy === `connect:${type}`}>
      {label}
    </Button>
  );

  const actions = canManage ? (
    state === 'connected' ? (
      <SpaceBetween direction="horizontal" size="xs">
        <Button iconName="refresh" onClick={onSync} loading={busy === `sync:${type}`} disabled={syncing}>
          {t('connections.syncNow')}
        </Button>
        <Button onClick={onDisconnect} loading={busy === `disconnect:${type}`}>
          {t('connections.disconnect')}
        </Button>
      </SpaceBetween>
    ) : state === 'needs_reconnect' ? (
      <Button onClick={onDisconnect} loading={busy === `disconnect:${type}`}>
        {t('connections.disconnect')}
      </Button>
    ) : (
      connectButton(t('connections.connect', { type: typeName }), true)
    )
  ) : undefined;

  const followers = account
    ? t(type === 'youtube' ? 'connections.subscribers' : 'connections.followers', { count: account.followers, formatted: account.followers.toLocaleString('en-US') })
    : '';

  // A region named after the platform: the two cards' buttons say the same, the region tells them apart.
  return (
    <section aria-label={typeName} style={{ height: '100%' }}>
    <Container
      fitHeight
      header={
        <Header variant="h2" description={t(`connections.typeDescriptions.${type}`)} actions={actions}>
          {typeName}
        </Header>
      }
    >
      <SpaceBetween size="m">
        {state === 'needs_reconnect' && (
          <Alert
            type="warning"
            statusIconAriaLabel={t('notifications.warning')}
            header={t('connections.reconnectTitle', { type: typeName })}
            action={canManage ? connectButton(t('connections.reconnect'), false) : undefined}
          >
            {account ? t('connections.reconnectBody', { username: account.username }) : t('connections.reconnectBodyNoName')}
          </Alert>
        )}
        {connected && account ? (
          <SpaceBetween size="m">
            <div style={{ display: 'flex', gap: 12, alignItems: 'center', minWidth: 0 }}>
              <Avatar src={webAddress(account.picture_url)} username={account.username} alt={t('connections.pictureAlt', { username: account.username })} />
              <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Box variant="strong">
                  {profileUrl ? (
                    <Link href={profileUrl} external externalIconAriaLabel={t('connections.openProfile', { username: account.username, type: typeName })}>
                      {t('connections.connectedAs', { username: account.username })}
                    </Link>
                  ) : (
                    t('connections.connectedAs', { username: account.username })
                  )}
                </Box>
                <Box color="text-body-secondary">{followers}</Box>
              </div>
            </div>
            <KeyValuePairs
              columns={phone ? 1 : 2}
              items={[
                {
                  label: t('connections.lastSync'),
                  value: syncing ? (
                    <StatusIndicator type="loading">{t('connections.syncing')}</StatusIndicator>
                  ) : connection?.last_sync_at ? (
                    <SpaceBetween size="xxs">
                      <span>{formatDateTime(connection.last_sync_at)}</span>
                      {connection.last_sync_outcome && (
                        <StatusIndicator type={OUTCOME_INDICATOR[connection.last_sync_outcome]}>
                          {t(`connections.outcomes.${connection.last_sync_outcome}`, { type: typeName })}
                          {connection.last_sync_outcome === 'failed' && connection.last_sync_error ? `: ${connection.last_sync_error}` : ''}
                        </StatusIndicator>
                      )}
                    </SpaceBetween>
                  ) : (
                    t('connections.neverSynced')
                  ),
                },
                {
                  label: t('connections.stateLabel'),
                  value: <StatusIndicator type={STATE_INDICATOR[state]}>{t(`connections.states.${state}`)}</StatusIndicator>,
                },
                ...(connection?.synced_media !== undefined
                  ? [{ label: t('connections.syncedLabel'), value: t('connections.syncedMedia', { count: connection.synced_media }) }]
                  : []),
              ]}
            />
          </SpaceBetween>
        ) : (
          <SpaceBetween size="xs">
            <StatusIndicator type={STATE_INDICATOR[state]}>{t(`connections.states.${state}`)}</StatusIndicator>
            {state === 'pending_oauth' && <Box color="text-body-secondary">{t('connections.pendingHint')}</Box>}
          </SpaceBetween>
        )}
      </SpaceBetween>
    </Container>
    </section>
  );
};
