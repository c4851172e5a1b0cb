import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { taskRecording } from '#shared/schemas/recordings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import { api } from '../../../api/client';
import { formatDate } from '../../../ui/format-date';
import { confirmAction } from '../../notifications/confirm-dialog';
import { notify } from '../../notifications/notification-store';
import { useAction } from '../../notifications/use-action';
import { formatRecordingTime } from '../format';

export type TaskRecordingValue = z.infer<typeof taskRecording>;
export type TaskRecordingProps = {
  recording: TaskRecordingValue;
  workspaceId: string;
  canWrite: boolean;
  /** The signed link stopped working (it is short-lived): the task is read again for a fresh one. */
  onLinkExpired?: () => void;
};

const sharesKey = (recordingId: string) => ['recordings', recordingId, 'shares'] as const;

/**
 * The task's screen recording: it plays here (poster first, native controls with seek), and "Share link" makes a
 * public /play link and copies it; the links made so far are listed, each revocable.
 */
export const TaskRecording = ({ recording, workspaceId, canWrite, onLinkExpired }: TaskRecordingProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { busy, run } = useAction();
  const [sharesOpen, setSharesOpen] = useState(false);
  // The task is read again after every change to it, each time with newly signed links: the player keeps the links
  // it started with (a new src would restart the video) until they stop working.
  const [links, setLinks] = useState({ src: recording.url, poster: recording.poster_url });
  const expired = useRef<string>(undefined);
  useEffect(() => {
    if (expired.current === links.src && recording.url !== links.src) setLinks({ src: recording.url, poster: recording.poster_url });
  }, [recording.url, recording.poster_url, links.src]);
  const params = { workspaceId, recordingId: recording.uid };
  const shares = useQuery({
    queryKey: sharesKey(recording.uid),
    queryFn: async () => (await api.call('listRecordingShares', { params })).shares,
    enabled: sharesOpen,
  });

  const share = () =>
    run('share', async () => {
      const created = await api.call('createRecordingShare', { params });
      setSharesOpen(true);
      await queryClient.invalidateQueries({ queryKey: sharesKey(recording.uid) });
      // Copying needs the page's focus and permission; where it is refused the link is in the list to copy.
      const copied = await navigator.clipboard?.writeText(created.url).then(
        () => true,
        () => false,
      );
      notify.positive(copied ? t('recording.shareCreated') : t('recording.shareCreatedNoCopy'));
    });

  const revoke = async (shareId: string) => {
    if (!(await confirmAction())) return;
    run(
      `revoke:${shareId}`,
      async () => {
        await api.call('revokeRecordingShare', { params: { ...params, shareId } });
        await queryClient.invalidateQueries({ queryKey: sharesKey(recording.uid) });
      },
      t('recording.revoked'),
    );
  };

  return (
    <Container
      header={
        <Header
          variant="h2"
          description={formatRecordingTime(recording.duration_ms)}
          actions={
            canWrite && (
              <Button iconName="share" onClick={share} loading={busy === 'share'} disabled={!!busy}>
                {t('recording.share')}
              </Button>
            )
          }
        >
          {t('recording.attached')}
        </Header>
      }
    >
      <SpaceBetween size="m">
        <video
          controls
          preload="metadata"
          src={links.src}
          poster={links.poster ?? undefined}
          aria-label={t('recording.player')}
          data-testid="task-recording"
          onError={() => {
            // Once per link: a recording that fails with a fresh link too is not fetched again and again.
            if (expired.current === links.src) return;
            expired.current = links.src;
            onLinkExpired?.();
          }}
          style={{ width: '100%', maxHeight: '60vh', background: '#000', borderRadius: 8, display: 'block' }}
        />
        <ExpandableSection headerText={t('recording.shares')} expanded={sharesOpen} onChange={({ detail }) => setSharesOpen(detail.expanded)}>
          <SpaceBetween size="s">
            <Box color="text-body-secondary">{t('recording.sharesHint')}</Box>
            {shares.isPending && sharesOpen && <Spinner aria-label={t('recording.sharesLoading')} />}
            {shares.data?.length === 0 && <Box>{t('recording.sharesEmpty')}</Box>}
            {shares.data && shares.data.length > 0 && (
              <ul aria-label={t('recording.shares')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {shares.data.map((item) => (
                  <li key={item.uid} data-testid="recording-share" style={{ padding: '4px 0' }}>
                    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                      <CopyToClipboard
                        variant="inline"
                        textToCopy={item.url}
                        copyButtonAriaLabel={t('recording.copy')}
                        copySuccessText={t('recording.copied')}
                        copyErrorText={t('recording.shareCreatedNoCopy')}
                      />
                      <Box variant="small" color="text-body-secondary">
                        {t('recording.createdOn', { date: formatDate(item.created_at) })}
                      </Box>
                      {canWrite && (
                        <Button
                          variant="inline-link"
                          onClick={() => void revoke(item.uid)}
                          loading={busy === `revoke:${item.uid}`}
                          ariaLabel={t('recording.revokeLabel', { date: formatDate(item.created_at) })}
                        >
                          {t('recording.revoke')}
                        </Button>
                      )}
                    </SpaceBetween>
                  </li>
                ))}
              </ul>
            )}
          </SpaceBetween>
        </ExpandableSection>
      </SpaceBetween>
    </Container>
  );
};
