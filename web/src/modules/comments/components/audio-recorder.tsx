import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../time-tracking/duration';
import { revealAudioLength } from './attachment-view';
import type { useAudioRecorder } from '../use-audio-recorder';

export type AudioRecorderProps = { recorder: ReturnType<typeof useAudioRecorder>; disabled?: boolean };

/** Record, stop, listen back, discard: the audio part of the comment composer. */
export const AudioRecorder = ({ recorder, disabled = false }: AudioRecorderProps) => {
  const { t } = useTranslation();
  const { state, error, seconds, recording } = recorder;
  return (
    <SpaceBetween size="xs">
      {state === 'recorded' && recording ? (
        <SpaceBetween direction="horizontal" size="s" alignItems="center">
          <audio controls src={recording.url} onLoadedMetadata={revealAudioLength} aria-label={t('comments.recorder.preview')} data-testid="recording-preview" />
          <Box variant="small" color="text-body-secondary">
            {formatClock(recording.seconds)}
          </Box>
          <Button iconName="remove" onClick={recorder.discard} disabled={disabled} formAction="none">
            {t('comments.recorder.discard')}
          </Button>
        </SpaceBetween>
      ) : state === 'recording' ? (
        <SpaceBetween direction="horizontal" size="s" alignItems="center">
          <div role="status">
            <StatusIndicator type="in-progress">{t('comments.recorder.recording', { time: formatClock(seconds) })}</StatusIndicator>
          </div>
          <Button iconName="stop-circle" onClick={recorder.stop} formAction="none">
            {t('comments.recorder.stop')}
          </Button>
        </SpaceBetween>
      ) : (
        <div>
          <Button iconName="microphone" onClick={() => void recorder.start()} loading={state === 'requesting'} disabled={disabled} formAction="none">
            {t('comments.recorder.record')}
          </Button>
        </div>
      )}
      {error && (
        <div role="alert">
          <StatusIndicator type="error">{t(`comments.recorder.errors.${error}`)}</StatusIndicator>
        </div>
      )}
    </SpaceBetween>
  );
};
