import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import { useQuery } from '@tanstack/react-query';
import type { Task } from '#shared/schemas/task';
import { useTranslation } from 'react-i18next';
import { useFollow } from '../../../ui/use-follow';
import { connectionKeys, listConnections } from '../../connections/connection-service';
import { settingsPath } from '../../content/setup-steps';
import { useAction } from '../../notifications/use-action';
import { createTaskFolders } from '../drive-service';
import { DriveFolderLink } from './drive-folder-link';

export type TaskDrivePanelProps = { task: Task; canWrite: boolean };

/**
 * A task's Google Drive folders: its raw footage and final cut folders opening in Drive when set, and "Create
 * folders" (a `#<number> <summary>` folder in the brand's raw and final) when the brand has Drive connected and the
 * task lacks one. Nothing is shown for a task without links in a brand without Drive.
 */
export const TaskDrivePanel = ({ task, canWrite }: TaskDrivePanelProps) => {
  const { t } = useTranslation();
  const follow = useFollow();
  const { busy, run } = useAction();
  const brand = { workspaceId: task.workspace_uid, projectId: task.project_uid };
  // The brand's connections list (no Drive call): is Drive connected? Shared with the brand's account pages.
  const connections = useQuery({
    queryKey: connectionKeys.list(brand.workspaceId, brand.projectId),
    queryFn: ({ signal }) => listConnections(brand, signal),
  });
  const drive = connections.data?.items.find((item) => item.type === 'drive');
  const connected = drive?.state === 'connected';
  const links = { raw: task.drive_raw_link, final: task.drive_final_link };
  const complete = !!links.raw && !!links.final;
  if (!links.raw && !links.final && !connected && drive?.state !== 'needs_reconnect') return null;

  const action =
    canWrite && connected && !complete ? (
      <Button iconName="folder" onClick={() => run('create', () => createTaskFolders(task), t('drive.task.created'))} loading={busy === 'create'}>
        {t('drive.task.create')}
      </Button>
    ) : undefined;
  const item = (what: 'raw' | 'final') => ({
    label: t(`drive.task.${what}`),
    value: links[what] ? (
      <DriveFolderLink url={links[what]} text={t('drive.task.openFolder')} ariaLabel={t(`drive.task.opens.${what}`)} />
    ) : (
      <Box color="text-body-secondary">{t('drive.task.notSet')}</Box>
    ),
  });

  return (
    <Container header={<Header variant="h2" description={t('drive.task.description')} actions={action}>{t('drive.task.title')}</Header>}>
      {links.raw || links.final ? (
        <KeyValuePairs columns={2} items={[item('raw'), item('final')]} />
      ) : connected ? (
        <Box color="text-body-secondary">{t('drive.task.none')}</Box>
      ) : (
        <Box color="text-body-secondary">
          {drive?.state === 'needs_reconnect' ? t('drive.task.reconnectHint') : t('drive.task.connectHint')}{' '}
          <Link href={settingsPath(task.projects.slug, 'google-drive')} onFollow={follow}>
            {t('drive.task.connectLink')}
          </Link>
        </Box>
      )}
    </Container>
  );
};
