import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { taskPath } from '../../tasks/task-path';
import { formatRecordingTime } from '../format';
import { useRecorderStore } from '../recorder-store';
import { RecorderControls } from './recorder-controls';
import { RecorderSetup } from './recorder-setup';

// The task form is fetched when a recording first needs it, not with the shell.
const TaskFormModal = lazy(async () => ({ default: (await import('../../tasks/components/task-form')).TaskFormModal }));

/** The recording as the new-task form shows it: its first frame and its length. */
export const RecordingAttachment = ({ posterUrl, durationMs }: { posterUrl?: string | null; durationMs: number }) => {
  const { t } = useTranslation();
  return (
    <SpaceBetween direction="horizontal" size="s" alignItems="center">
      {posterUrl && <img src={posterUrl} alt={t('recording.posterAlt')} style={{ height: 72, borderRadius: 6, display: 'block' }} />}
      <Box data-testid="task-form-recording">{t('recording.attachedDuration', { time: formatRecordingTime(durationMs) })}</Box>
    </SpaceBetween>
  );
};

/**
 * The recorder's screens, mounted once in the signed-in shell: the setup and countdown, the controls while it
 * records and uploads, and — once stopped and confirmed — the new-task form with the recording attached (type Task,
 * source screen, in the brand it was recorded for). A created task ends the recording's journey here.
 */
export const RecorderHost = () => {
  const phase = useRecorderStore((state) => state.phase);
  const recording = useRecorderStore((state) => state.recording);
  const posterPreview = useRecorderStore((state) => state.posterPreview);
  const navigate = useNavigate();
  const [formOpen, setFormOpen] = useState(false);
  // Stopping opens the form as soon as the server has the recording.
  useEffect(() => {
    if (phase === 'done') setFormOpen(true);
  }, [phase]);

  return (
    <>
      <RecorderSetup />
      <RecorderControls onCreateTask={() => setFormOpen(true)} />
      {recording && (
        <Suspense fallback={null}>
        <TaskFormModal
          visible={formOpen}
          mode="create"
          defaultProjectUid={recording.project_uid}
          initial={{ ticket_type: 'task' }}
          recording={{
            uid: recording.uid,
            preview: <RecordingAttachment posterUrl={posterPreview ?? recording.poster_url} durationMs={recording.duration_ms ?? 0} />,
          }}
          onDismiss={() => setFormOpen(false)}
          onSaved={(task) => {
            setFormOpen(false);
            useRecorderStore.getState().close();
            navigate(taskPath(task));
          }}
        />
        </Suspense>
      )}
    </>
  );
};
