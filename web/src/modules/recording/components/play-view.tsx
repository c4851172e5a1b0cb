import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../../api/client';
import { translateError } from '../../../i18n';
import { formatDate } from '../../../ui/format-date';
import { PageLoader } from '../../../ui/page-loader';
import { RouterLink } from '../../../ui/router-link';
import { usePageTitle } from '../../../ui/use-page-title';
import { selectIsAuthenticated, useAuthStore } from '../../auth/auth-store';
import { taskPath } from '../../tasks/task-path';
import { formatRecordingTime } from '../format';

/** The playback speeds offered; 1 first is the default. */
export const PLAY_SPEEDS = ['0.5', '1', '1.25', '1.5', '2'] as const;

const NOT_FOUND = 404;

/** The task a shared recording belongs to, when the viewer is signed in and may see it; nothing otherwise. */
const useVisibleTask = (task: { uid: string; workspace_uid: string } | null | undefined) => {
  const signedIn = useAuthStore(selectIsAuthenticated);
  return useQuery({
    queryKey: ['play-task', task?.uid, task?.workspace_uid],
    enabled: signedIn && !!task,
    retry: false,
    // A 403 or 404 simply means this viewer sees no task: nothing to show, nothing to notify.
    queryFn: () => api.call('getTask', { params: { id: task!.uid }, query: { workspaceId: task!.workspace_uid }, notify: false }).catch(() => null),
  });
};

/**
 * /play/{videoUid}: a recording shared by link, for anyone with the link — poster, native controls with seek (range
 * requests on a signed URL), a speed choice, and the task's summary for a signed-in viewer who may see the task. A
 * revoked, deleted or unknown link says so plainly.
 */
export const PlayView = ({ videoUid }: { videoUid: string }) => {
  const { t } = useTranslation();
  const [speed, setSpeed] = useState<(typeof PLAY_SPEEDS)[number]>('1');
  const videoRef = useRef<HTMLVideoElement>(null);
  const renewed = useRef<string>(undefined);
  const play = useQuery({
    queryKey: ['play', videoUid],
    queryFn: () => api.call('getPlay', { params: { videoUid }, notify: false }),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
  const task = useVisibleTask(play.data?.task);
  usePageTitle(play.data?.name ?? t('play.title'));
  useEffect(() => {
    if (videoRef.current) videoRef.current.playbackRate = Number(speed);
  }, [speed, play.data]);

  if (play.isPending) return <PageLoader label={t('play.loading')} heading />;
  if (play.isError) {
    const error = play.error;
    const notFound = isApiError(error) && (error.status === NOT_FOUND || error.status === 400);
    return (
      <div style={{ maxWidth: 720, margin: '0 auto' }}>
        <SpaceBetween size="m">
          <Header variant="h1">{notFound ? t('play.notFoundTitle') : t('play.title')}</Header>
          <Alert type={notFound ? 'info' : 'error'} statusIconAriaLabel={t(notFound ? 'notifications.info' : 'notifications.error')}>
            {notFound ? translateError('recording_not_found', error.message) : t('play.loadFailed')}
          </Alert>
        </SpaceBetween>
      </div>
    );
  }

  const { video, poster_url, name, created_at } = play.data;
  const shownTask = task.data;
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto' }}>
      <SpaceBetween size="l">
        <Header
          variant="h1"
          description={
            <SpaceBetween direction="horizontal" size="s">
              <span>{t('play.recordedOn', { date: formatDate(created_at) })}</span>
              <span>{t('play.duration', { time: formatRecordingTime(video.duration_ms) })}</span>
            </SpaceBetween>
          }
        >
          {name}
        </Header>
        <video
          ref={videoRef}
          controls
          playsInline
          preload="metadata"
          src={video.url}
          poster={poster_url ?? undefined}
          aria-label={t('play.video', { name })}
          data-testid="play-video"
          // The signed link is short-lived: a page left open past it asks for a fresh one, once.
          onError={() => {
            if (renewed.current === video.url) return;
            renewed.current = video.url;
            void play.refetch();
          }}
          onLoadedMetadata={(event) => {
            event.currentTarget.playbackRate = Number(speed);
          }}
          style={{ width: '100%', maxHeight: '75vh', background: '#000', borderRadius: 8, display: 'block' }}
        />
        <SegmentedControl
          label={t('play.speed')}
          selectedId={speed}
          options={PLAY_SPEEDS.map((value) => ({ id: value, text: t('play.speedOption', { speed: value }) }))}
          onChange={({ detail }) => setSpeed(detail.selectedId as (typeof PLAY_SPEEDS)[number])}
        />
        {shownTask && (
          <Container header={<Header variant="h2">{t('play.task')}</Header>}>
            <SpaceBetween size="xs">
              <Box variant="h3" data-testid="play-task-summary">
                {t('tasks.taskLabel', { id: String(shownTask.id), summary: shownTask.summary })}
              </Box>
              <RouterLink to={taskPath(shownTask)}>{t('play.openTask')}</RouterLink>
            </SpaceBetween>
          </Container>
        )}
      </SpaceBetween>
    </div>
  );
};
