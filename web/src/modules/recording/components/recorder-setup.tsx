import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../ui/form-alert';
import { useProjectsStore } from '../../projects/project-store';
import { useSettingsStore } from '../../settings/settings-store';
import { useRecorderStore } from '../recorder-store';
import type { RecorderSupport } from '../recording-support';

const NO_CAMERA = 'none';
const DEFAULT_CAMERA = 'default';

/** The cameras this browser lists; labels appear once the site may use a camera, numbers until then. */
const useCameras = (enabled: boolean) => {
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    if (!enabled || !navigator.mediaDevices?.enumerateDevices) return;
    let live = true;
    navigator.mediaDevices
      .enumerateDevices()
      .then((devices) => live && setCameras(devices.filter((device) => device.kind === 'videoinput' && device.deviceId)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [enabled]);
  return cameras;
};

/** "Limited browser support" with what exactly is missing, or nothing for full support. */
export const SupportNotice = ({ support }: { support: RecorderSupport }) => {
  const { t } = useTranslation();
  if (support.level === 'none') {
    return (
      <Alert type="error" statusIconAriaLabel={t('notifications.error')}>
        {t('recording.problems.unsupported')}
      </Alert>
    );
  }
  if (support.level === 'limited') {
    const gaps = support.gaps.map((gap) => t(`recording.gaps.${gap}`)).join(', ');
    return (
      <Alert type="warning" statusIconAriaLabel={t('notifications.warning')}>
        {t('recording.problems.limited', { gaps })}
      </Alert>
    );
  }
  return null;
};

/**
 * The recorder's first step: brand, microphone, camera (remembered: spec 3 preferedCamera), autoRecord, then Start —
 * which opens the browser's screen picker — and the 3-2-1 countdown. A refused or failed share is said here.
 */
export const RecorderSetup = () => {
  const { t } = useTranslation();
  const phase = useRecorderStore((state) => state.phase);
  const support = useRecorderStore((state) => state.support);
  const problem = useRecorderStore((state) => state.problem);
  const error = useRecorderStore((state) => state.error);
  const countdown = useRecorderStore((state) => state.countdown);
  const initialBrand = useRecorderStore((state) => state.projectUid);
  const workspaceId = useSettingsStore((state) => state.currentWorkspaceId);
  const preferedCamera = useSettingsStore((state) => state.taskDefaults.preferedCamera);
  const autoRecord = useSettingsStore((state) => state.taskDefaults.autoRecord);
  const setTaskDefaults = useSettingsStore((state) => state.setTaskDefaults);
  const projects = useProjectsStore((state) => state.projects);
  const brandOptions = useMemo(
    () =>
      projects
        .filter((project) => project.has_permission)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((project): SelectProps.Option => ({ value: project.uid, label: project.name })),
    [projects],
  );
  const visible = phase === 'setup' || phase === 'starting' || phase === 'countdown';
  const [brand, setBrand] = useState(initialBrand ?? '');
  const [brandMissing, setBrandMissing] = useState(false);
  const [microphone, setMicrophone] = useState(true);
  const cameraOffered = support.level !== 'none' && !support.gaps.includes('camera');
  const cameras = useCameras(visible && cameraOffered);
  // Each opening starts with the brand it was opened from (a brand's own Record) or the chosen one after a retry.
  useEffect(() => {
    if (visible) setBrand(initialBrand ?? '');
  }, [visible, initialBrand]);

  const cameraOptions: SelectProps.Option[] = [
    { value: NO_CAMERA, label: t('recording.cameraNone') },
    ...(cameras.length === 0 ? [{ value: DEFAULT_CAMERA, label: t('recording.cameraDefault') }] : []),
    ...cameras.map((camera, index) => ({ value: camera.deviceId, label: camera.label || t('recording.cameraUnnamed', { n: String(index + 1) }) })),
  ];
  const cameraValue = preferedCamera === null ? NO_CAMERA : preferedCamera === '' ? DEFAULT_CAMERA : preferedCamera;
  const selectedCamera = cameraOptions.find((option) => option.value === cameraValue) ?? cameraOptions[0]!;
  const busy = phase === 'starting' || phase === 'countdown';

  const start = () => {
    if (!brand) return setBrandMissing(true);
    if (!workspaceId) return;
    const camera = !cameraOffered || selectedCamera.value === NO_CAMERA ? null : selectedCamera.value === DEFAULT_CAMERA ? '' : (selectedCamera.value ?? null);
    void useRecorderStore.getState().start({ workspaceId, projectUid: brand, microphone, camera });
  };
  const cancel = () => {
    if (phase === 'countdown') void useRecorderStore.getState().discard();
    else if (phase === 'setup') useRecorderStore.getState().close();
  };

  return (
    <Modal
      visible={visible}
      onDismiss={cancel}
      header={t('recording.setupTitle')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={cancel} disabled={phase === 'starting'}>
              {t('recording.cancel')}
            </Button>
            <Button variant="primary" iconName="video-on" onClick={start} loading={busy} disabled={support.level === 'none'}>
              {t('recording.start')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {phase === 'countdown' ? (
        <div role="status" aria-live="assertive" data-testid="recording-countdown">
          <Box textAlign="center" variant="h1" padding={{ vertical: 'xxl' }}>
            {t('recording.countdown', { count: countdown })}
          </Box>
        </div>
      ) : (
        <SpaceBetween size="l">
          <Box>{t('recording.setupIntro')}</Box>
          <SupportNotice support={support} />
          {problem && <FormAlert iconLabel={t('notifications.error')}>{t(`recording.problems.${problem}`)}</FormAlert>}
          {error && <FormAlert iconLabel={t('notifications.error')}>{error}</FormAlert>}
          {phase === 'starting' && (
            <div role="status">
              <Box color="text-body-secondary">{t('recording.starting')}</Box>
            </div>
          )}
          <FormField label={t('recording.brand')} errorText={brandMissing && !brand ? t('recording.brandRequired') : undefined}>
            <Select
              options={brandOptions}
              selectedOption={brandOptions.find((option) => option.value === brand) ?? null}
              placeholder={t('recording.brandPlaceholder')}
              onChange={({ detail }) => setBrand(detail.selectedOption.value ?? '')}
              filteringType={brandOptions.length > 8 ? 'auto' : 'none'}
              disabled={busy}
            />
          </FormField>
          <FormField label={t('recording.microphone')}>
            <Toggle checked={microphone} onChange={({ detail }) => setMicrophone(detail.checked)} disabled={busy}>
              {t('recording.microphoneOn')}
            </Toggle>
          </FormField>
          {cameraOffered && (
            <FormField label={t('recording.camera')} description={t('recording.cameraHint')}>
              <Select
                options={cameraOptions}
                selectedOption={selectedCamera}
                onChange={({ detail }) => {
                  const value = detail.selectedOption.value;
                  setTaskDefaults({ preferedCamera: value === NO_CAMERA || !value ? null : value === DEFAULT_CAMERA ? '' : value });
                }}
                disabled={busy}
              />
            </FormField>
          )}
          <Checkbox checked={autoRecord} onChange={({ detail }) => setTaskDefaults({ autoRecord: detail.checked })} disabled={busy}>
            {t('recording.autoRecord')}
          </Checkbox>
        </SpaceBetween>
      )}
    </Modal>
  );
};
