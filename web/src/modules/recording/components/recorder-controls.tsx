import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../comments/attachment-rules';
import { confirmAction } from '../../notifications/confirm-dialog';
import { formatRecordingTime } from '../format';
import { useRecorderStore } from '../recorder-store';

export type RecorderControlsProps = { onCreateTask: () => void };

/**
 * The recording's controls while it runs and uploads: time, upload progress in bytes, pause/resume, stop,
 * discard, and what went wrong on the way (no audio, a dropped connection). Fixed in a corner of the app, so the
 * person can go on working in it.
 */
export const RecorderControls = ({ onCreateTask }: RecorderControlsProps) => {
  const { t } = useTranslation();
  const phase = useRecorderStore((state) => state.phase);
  const elapsedMs = useRecorderStore((state) => state.elapsedMs);
  const recordedBytes = useRecorderStore((state) => state.recordedBytes);
  const uploadedBytes = useRecorderStore((state) => state.uploadedBytes);
  const stalled = useRecorderStore((state) => state.stalled);
  const silent = useRecorderStore((state) => state.silent);
  const missing = useRecorderStore((state) => state.missing);
  const capturing = useRecorderStore((state) => state.capturing);
  const error = useRecorderStore((state) => state.error);
  const posterPreview = useRecorderStore((state) => state.posterPreview);
  const support = useRecorderStore((state) => state.support);
  const recorder = useRecorderStore.getState();
  if (!['recording', 'paused', 'finishing', 'done'].includes(phase)) return null;

  const time = formatRecordingTime(elapsedMs);
  const percent = recordedBytes > 0 ? Math.min(100, Math.round((uploadedBytes / recordedBytes) * 100)) : 0;
  const canPause = support.level !== 'none' && !support.gaps.includes('pause');
  const discard = async () => {
    if (await confirmAction({ message: t('recording.discardConfirm') })) await recorder.discard();
  };

  return (
    <div className="recorder-controls" style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 2000, width: 'min(360px, calc(100vw - 32px))' }}>
      <section aria-label={t('recording.controls')}>
        <Container
          header={
            <Header variant="h2" headingTagOverride="h2">
              <span role="status" data-testid="recording-status">
                {phase === 'recording' && <StatusIndicator type="in-progress">{t('recording.recordingStatus', { time })}</StatusIndicator>}
                {phase === 'paused' && <StatusIndicator type="stopped">{t('recording.pausedStatus', { time })}</StatusIndicator>}
                {phase === 'finishing' && <StatusIndicator type="loading">{t('recording.finishing')}</StatusIndicator>}
                {phase === 'done' && <StatusIndicator type="success">{t('recording.ready', { time })}</StatusIndicator>}
              </span>
            </Header>
          }
        >
          <SpaceBetween size="s">
            {phase !== 'done' && (
              <Box variant="small" color="text-body-secondary">
                {t('recording.capturing', { sources: [t('recording.sources.screen'), ...capturing.map((source) => t(`recording.sources.${source}`))].join(', ') })}
              </Box>
            )}
            {posterPreview && <img src={posterPreview} alt={t('recording.posterAlt')} style={{ width: '100%', borderRadius: 8, display: 'block' }} />}
            {phase !== 'done' && (
              <ProgressBar
                label={t('recording.progressLabel')}
                value={percent}
                additionalInfo={t('recording.progress', { uploaded: formatBytes(uploadedBytes), recorded: formatBytes(recordedBytes) })}
              />
            )}
            {silent && (phase === 'recording' || phase === 'paused') && (
              <div role="alert">
                <Alert type="warning" statusIconAriaLabel={t('notifications.warning')}>
                  {t('recording.problems.no_audio')}
                </Alert>
              </div>
            )}
            {missing.map((device) => (
              <Alert key={device} type="info" statusIconAriaLabel={t('notifications.info')}>
                {t(`recording.missing.${device}`)}
              </Alert>
            ))}
            {stalled && (
              <div role="alert">
                <Alert
                  type="warning"
                  statusIconAriaLabel={t('notifications.warning')}
                  action={<Button onClick={recorder.retryUpload}>{t('recording.retryUpload')}</Button>}
                >
                  {t('recording.stalled')}
                </Alert>
              </div>
            )}
            {error && (
              <div role="alert">
                <Alert type="error" statusIconAriaLabel={t('notifications.error')} action={<Button onClick={recorder.retryUpload}>{t('recording.retryUpload')}</Button>}>
                  {error}
                </Alert>
              </div>
            )}
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => void discard()}>
                  {t('recording.discard')}
                </Button>
                {phase === 'recording' && canPause && (
                  <Button iconName="pause" onClick={recorder.pause}>
                    {t('recording.pause')}
                  </Button>
                )}
                {phase === 'paused' && (
                  <Button iconName="play" onClick={recorder.resume}>
                    {t('recording.resume')}
                  </Button>
                )}
                {(phase === 'recording' || phase === 'paused') && (
                  <Button variant="primary" iconName="stop-circle" onClick={recorder.stop}>
                    {t('recording.stop')}
                  </Button>
                )}
                {phase === 'done' && (
                  <Button variant="primary" onClick={onCreateTask}>
                    {t('recording.createTask')}
                  </Button>
                )}
              </SpaceBetween>
            </Box>
          </SpaceBetween>
        </Container>
      </section>
    </div>
  );
};
