import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RecorderControls } from '../recording/components/recorder-controls';
import { RecordingAttachment } from '../recording/components/recorder-host';
import { useRecorderStore } from '../recording/recorder-store';
import { ExtensionFrame } from './extension-frame';
import { PageTaskForm } from './page-task-form';
import { useBrandChoice } from './use-brand-choice';
import { useExtensionState } from './use-extension-state';

/**
 * /bex/record: the app's recorder (web/src/modules/recording) from the extension: pick the brand, share the tab,
 * record with the microphone; stopping hands the uploaded recording to the new-task form.
 */
export const RecordPage = () => {
  const { t } = useTranslation();
  const state = useExtensionState();
  const brands = useBrandChoice(state.settings, state.signedIn);
  const phase = useRecorderStore((s) => s.phase);
  const problem = useRecorderStore((s) => s.problem);
  const error = useRecorderStore((s) => s.error);
  const countdown = useRecorderStore((s) => s.countdown);
  const recording = useRecorderStore((s) => s.recording);
  const posterPreview = useRecorderStore((s) => s.posterPreview);
  // The form starts in the brand the recording was made for; one object per recording, so its brand list loads once.
  const workspaceUid = recording?.workspace_uid;
  const projectUid = recording?.project_uid;
  const formSettings = useMemo(
    () => (state.settings && workspaceUid && projectUid ? { ...state.settings, defaultWorkspaceUid: workspaceUid, defaultProjectUid: projectUid } : state.settings),
    [state.settings, workspaceUid, projectUid],
  );
  const projectOptions = brands.projects.map((p) => ({ value: p.uid, label: p.name }));
  const idle = phase === 'closed' || phase === 'setup';

  // Inside the click: the browser opens its screen picker only from one.
  const start = () => {
    if (!brands.workspaceId || !brands.projectUid) return;
    const recorder = useRecorderStore.getState();
    recorder.open(brands.projectUid);
    void recorder.start({ workspaceId: brands.workspaceId, projectUid: brands.projectUid, microphone: true, camera: null });
  };

  return (
    <ExtensionFrame title={t('extension.record.title')} state={state}>
      {problem && <Alert type="error">{t(`recording.problems.${problem}`)}</Alert>}
      {error && phase !== 'done' && <Alert type="error">{error}</Alert>}
      {idle && (
        <Container>
          <SpaceBetween size="m">
            <Box>{t('extension.record.intro')}</Box>
            <FormField label={t('extension.form.brand')}>
              <Select
                selectedOption={projectOptions.find((o) => o.value === brands.projectUid) ?? null}
                options={projectOptions}
                placeholder={t('extension.form.brandPlaceholder')}
                statusType={brands.loading ? 'loading' : 'finished'}
                loadingText={t('extension.loading')}
                empty={t('extension.form.noBrands')}
                onChange={({ detail }) => detail.selectedOption.value && brands.setProjectUid(detail.selectedOption.value)}
              />
            </FormField>
            <Button variant="primary" disabled={!brands.projectUid} onClick={start}>
              {t('extension.record.start')}
            </Button>
          </SpaceBetween>
        </Container>
      )}
      {(phase === 'starting' || phase === 'countdown') && (
        <Box variant="h2" tagOverride="p" textAlign="center">
          {phase === 'countdown' ? String(countdown) : t('extension.loading')}
        </Box>
      )}
      {(phase === 'recording' || phase === 'paused' || phase === 'finishing') && <Box>{t('extension.record.running')}</Box>}
      {/* Once stopped, the form below takes over from the controls' own "Create task". */}
      {phase !== 'done' && <RecorderControls onCreateTask={() => undefined} />}
      {phase === 'done' && recording && (
        <Container>
          <SpaceBetween size="m">
            <RecordingAttachment posterUrl={posterPreview ?? recording.poster_url} durationMs={recording.duration_ms ?? 0} />
            <PageTaskForm
              state={{ ...state, settings: formSettings }}
              source="screen"
              recordingUid={recording.uid}
              page={state.tab}
              initialSummary={state.tab ? t('extension.record.summary', { title: state.tab.title }).slice(0, 200) : ''}
              initialOverview={state.tab?.url ?? ''}
            />
          </SpaceBetween>
        </Container>
      )}
    </ExtensionFrame>
  );
};
