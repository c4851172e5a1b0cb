import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { SOCIAL_CONNECTION_TYPES, type Connection, type SocialConnectionType } from '#shared/schemas/connections';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '#shared/schemas/project';
import { confirmAction } from '../../notifications/confirm-dialog';
import { useAction } from '../../notifications/use-action';
import { PageLoader } from '../../../ui/page-loader';
import { connectAccount, disconnectAccount, syncAccount } from '../connection-service';
import { connectionOf } from '../internal/connection-view';
import { useConnections } from '../use-connections';
import { InstagramAccount } from './instagram-account';
import { SocialAccountCard } from './social-account-card';

export type ConnectionsPanelProps = {
  project: Project;
  workspaceId: string;
  canManage: boolean;
  /** Told whether any social account is connected (the wizard's way on says Skip until one is). */
  onConnected?: (connected: boolean) => void;
};

/**
 * The brand's Instagram and YouTube accounts, side by side (one column on a phone), and below them the Instagram
 * account record once Instagram is connected. Admins connect, sync and disconnect; everyone else sees them.
 */
export const ConnectionsPanel = ({ project, workspaceId, canManage, onConnected }: ConnectionsPanelProps) => {
  const { t } = useTranslation();
  const brand = { workspaceId, projectId: project.uid };
  const { connections, loading, failed, reload, syncing, syncRequested } = useConnections(workspaceId, project.uid);
  const { busy, run } = useAction();

  const anyConnected = SOCIAL_CONNECTION_TYPES.some((type) => connectionOf(connections, type)?.state === 'connected');
  useEffect(() => onConnected?.(anyConnected), [anyConnected, onConnected]);

  if (failed) {
    return (
      <Alert type="error" statusIconAriaLabel={t('notifications.error')} action={<Button onClick={reload}>{t('connections.retry')}</Button>}>
        {t('connections.loadFailed')}
      </Alert>
    );
  }
  if (loading) return <PageLoader label={t('connections.loading')} />;

  const typeName = (type: SocialConnectionType) => t(`connections.types.${type}`);
  const connect = (type: SocialConnectionType) => run(`connect:${type}`, () => connectAccount(brand, type));
  const sync = (type: SocialConnectionType, connection: Connection) =>
    run(
      `sync:${type}`,
      async () => {
        await syncAccount(brand, type);
        // The last sync as the card knew it before asking: the new one has landed once that changes.
        syncRequested(connection);
      },
      t('connections.syncQueued', { type: typeName(type) }),
    );
  const disconnect = async (type: SocialConnectionType, connection: Connection | undefined) => {
    const username = connection?.account?.username ?? '';
    const confirmed = await confirmAction({
      title: t('connections.disconnectConfirm.title', { type: typeName(type) }),
      message: t('connections.disconnectConfirm.message', { username }),
      okText: t('connections.disconnectConfirm.ok'),
    });
    if (!confirmed) return;
    run(`disconnect:${type}`, () => disconnectAccount(brand, type), t('connections.disconnected', { type: typeName(type) }));
  };

  const instagram = connectionOf(connections, 'instagram');
  return (
    <SpaceBetween size="l">
      {!canManage && <Box color="text-body-secondary">{t('connections.membersNote')}</Box>}
      <ColumnLayout columns={2} minColumnWidth={300}>
        {SOCIAL_CONNECTION_TYPES.map((type) => {
          const connection = connectionOf(connections, type);
          return (
            <SocialAccountCard
              key={type}
              type={type}
              connection={connection}
              canManage={canManage}
              syncing={syncing(connection)}
              busy={busy}
              onConnect={() => connect(type)}
              onSync={() => connection && sync(type, connection)}
              onDisconnect={() => void disconnect(type, connection)}
            />
          );
        })}
      </ColumnLayout>
      {instagram?.account && <InstagramAccount brand={brand} connection={instagram} canManage={canManage} />}
    </SpaceBetween>
  );
};
