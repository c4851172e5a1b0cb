import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { DRIVE_FOLDER_KEYS, type DriveFolderState, type DriveState } from '#shared/schemas/drive';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../../api/query-client';
import { PageLoader } from '../../../ui/page-loader';
import { connectAccount, disconnectAccount } from '../../connections/connection-service';
import { StepFrame } from '../../content/components/step-frame';
import type { StepProps } from '../../content/components/step-props';
import { confirmAction } from '../../notifications/confirm-dialog';
import { useAction } from '../../notifications/use-action';
import { useProjectAdmin } from '../../projects/use-project-admin';
import { driveKeys, ensureBrandFolders, useDriveFolders, type Brand } from '../drive-service';
import { DriveFolderLink } from './drive-folder-link';

const STATE_INDICATOR: Record<DriveState, StatusIndicatorProps.Type> = {
  not_connected: 'stopped',
  pending_oauth: 'pending',
  connected: 'success',
  needs_reconnect: 'warning',
};

type PanelProps = { brand: Brand; answer: DriveFolderState; canManage: boolean };

/** The brand's Drive connection: Connect, the state, Reconnect when its access was refused, Disconnect. */
const DriveConnectionCard = ({ brand, answer, canManage }: PanelProps) => {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const { state } = answer;
  const connect = () => run('connect', () => connectAccount(brand, 'drive'));
  const disconnect = async () => {
    const confirmed = await confirmAction({
      title: t('drive.connection.disconnectConfirm.title'),
      message: t('drive.connection.disconnectConfirm.message'),
      okText: t('drive.connection.disconnectConfirm.ok'),
    });
    if (!confirmed) return;
    run(
      'disconnect',
      async () => {
        await disconnectAccount(brand, 'drive');
        await queryClient.invalidateQueries({ queryKey: driveKeys.folders(brand.workspaceId, brand.projectId) });
      },
      t('drive.connection.disconnected'),
    );
  };
  const connectButton = (label: string, primary: boolean) => (
    <Button variant={primary ? 'primary' : 'normal'} onClick={connect} loading={busy === 'connect'}>
      {label}
    </Button>
  );
  const actions = !canManage
    ? undefined
    : state === 'connected' || state === 'needs_reconnect'
      ? (
          <Button onClick={() => void disconnect()} loading={busy === 'disconnect'}>
            {t('drive.connection.disconnect')}
          </Button>
        )
      : connectButton(t('drive.connection.connect'), true);
  const hint = {
    not_connected: t('drive.connection.notConnected'),
    pending_oauth: t('drive.connection.pending'),
    connected: t('drive.connection.connected'),
    needs_reconnect: undefined,
  }[state];

  return (
    <Container header={<Header variant="h2" description={t('drive.connection.description')} actions={actions}>{t('drive.connection.title')}</Header>}>
      <SpaceBetween size="s">
        {state === 'needs_reconnect' ? (
          <Alert
            type="warning"
            statusIconAriaLabel={t('notifications.warning')}
            header={t('drive.connection.reconnectTitle')}
            action={canManage ? connectButton(t('drive.connection.reconnect'), false) : undefined}
          >
            {t('drive.connection.reconnectBody')}
          </Alert>
        ) : (
          <StatusIndicator type={STATE_INDICATOR[state]}>{t(`connections.states.${state}`)}</StatusIndicator>
        )}
        {hint && <Box color="text-body-secondary">{hint}</Box>}
        {!canManage && <Box color="text-body-secondary">{t('drive.connection.membersNote')}</Box>}
      </SpaceBetween>
    </Container>
  );
};

/** The brand's folder, raw and final, each opening in Drive; Create when there are none, Re-create when Drive lost some. */
const BrandFoldersPanel = ({ brand, answer, canManage }: PanelProps) => {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const { folders, missing = [] } = answer;
  const create = () => run('create', () => ensureBrandFolders(brand), t('drive.folders.created'));
  const canCreate = canManage && answer.state === 'connected';
  const action =
    canCreate && (!folders || missing.length > 0) ? (
      <Button variant={folders ? 'normal' : 'primary'} onClick={create} loading={busy === 'create'}>
        {folders ? t('drive.folders.recreate') : t('drive.folders.create')}
      </Button>
    ) : undefined;

  return (
    <Container header={<Header variant="h2" description={t('drive.folders.description')} actions={action}>{t('drive.folders.title')}</Header>}>
      {folders ? (
        <SpaceBetween size="m">
          {missing.length > 0 && (
            <Alert type="warning" statusIconAriaLabel={t('notifications.warning')}>
              {t('drive.folders.missingAlert', { count: missing.length })}
            </Alert>
          )}
          <KeyValuePairs
            columns={3}
            items={DRIVE_FOLDER_KEYS.map((key) => ({
              label: t(`drive.folders.labels.${key}`),
              value: missing.includes(key) ? (
                <StatusIndicator type="warning">{t('drive.folders.missing')}</StatusIndicator>
              ) : (
                <DriveFolderLink url={folders[key].url} text={folders[key].name} ariaLabel={t('drive.folders.open')} />
              ),
            }))}
          />
        </SpaceBetween>
      ) : (
        <Box color="text-body-secondary">{canManage ? t('drive.folders.none') : t('drive.folders.noneMember')}</Box>
      )}
    </Container>
  );
};

/**
 * Google Drive (a settings page of the brand): connect a Google account (drive.file: Brandslate sees only what it
 * makes), then the brand's folder with raw and final inside, made here and opened in Drive. Admins connect and make
 * folders; everyone who may open the brand sees them.
 */
export const DriveSettingsStep = ({ project, workspaceId }: StepProps) => {
  const { t } = useTranslation();
  const brand = { workspaceId, projectId: project.uid };
  const admin = useProjectAdmin(project).answer;
  const { answer, loading, failed, reload } = useDriveFolders(brand);
  const body = failed ? (
    <Alert type="error" statusIconAriaLabel={t('notifications.error')} action={<Button onClick={reload}>{t('drive.retry')}</Button>}>
      {t('drive.loadFailed')}
    </Alert>
  ) : loading || !answer || admin === 'checking' ? (
    <PageLoader label={t('drive.loading')} />
  ) : (
    <SpaceBetween size="l">
      <DriveConnectionCard brand={brand} answer={answer} canManage={admin === 'yes'} />
      {(answer.state === 'connected' || answer.folders) && <BrandFoldersPanel brand={brand} answer={answer} canManage={admin === 'yes'} />}
    </SpaceBetween>
  );
  return (
    <StepFrame project={project} step="google-drive" bare>
      {body}
    </StepFrame>
  );
};
