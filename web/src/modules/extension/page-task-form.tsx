import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import type { Task } from '#shared/schemas/task';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n';
import { isApiError } from '../../api/api-error';
import { checkTaskBody, createPageTask, taskBodyOf, taskPath, type FieldErrors } from './extension-tasks';
import { useHost } from './host';
import { useBrandChoice } from './use-brand-choice';
import type { ExtensionState } from './use-extension-state';

export type ScreenshotState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; blob: Blob }
  | { status: 'unavailable'; reason: string };

type Props = {
  state: ExtensionState;
  initialSummary: string;
  initialOverview: string;
  source: 'extension' | 'text' | 'screen';
  /** A finished screen recording the task carries. */
  recordingUid?: string;
  /** The page the task is about (for the screenshot's caption and alt text). */
  page: { url: string; title: string } | null;
  screenshot?: ScreenshotState;
  onBack?: () => void;
};

/**
 * The new-task form of the extension: brand (from the default brand), summary, overview, and the tab's screenshot.
 * The body is checked with the route's schema first; a 400 shows on the field it names.
 */
export const PageTaskForm = ({ state, initialSummary, initialOverview, source, recordingUid, page, screenshot = { status: 'none' }, onBack }: Props) => {
  const { t } = useTranslation();
  const host = useHost();
  const brands = useBrandChoice(state.settings, state.signedIn);
  const [summary, setSummary] = useState(initialSummary);
  const [overview, setOverview] = useState(initialOverview);
  const [attach, setAttach] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [stage, setStage] = useState<'idle' | 'creating' | 'uploading'>('idle');
  const [created, setCreated] = useState<{ task: Task; screenshotError: string | null } | null>(null);

  useEffect(() => setSummary(initialSummary), [initialSummary]);
  useEffect(() => setOverview(initialOverview), [initialOverview]);

  const preview = useMemo(() => (screenshot.status === 'ready' ? URL.createObjectURL(screenshot.blob) : null), [screenshot]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const workspaceOptions = brands.workspaces.map((w) => ({ value: w.uid, label: w.name }));
  const projectOptions = brands.projects.map((p) => ({ value: p.uid, label: p.name }));

  const submit = async () => {
    setFailure(null);
    const body = taskBodyOf({ summary, overview, projectUid: brands.projectUid ?? '', source, recordingUid });
    const problems = checkTaskBody(body);
    if (!brands.projectUid) problems.project_uid = t('extension.form.required');
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !brands.workspaceId) return;
    const file =
      attach && screenshot.status === 'ready'
        ? { file: new File([screenshot.blob], 'screenshot.png', { type: screenshot.blob.type || 'image/png' }), caption: page?.url ?? '' }
        : null;
    setStage(file ? 'uploading' : 'creating');
    try {
      const result = await createPageTask({ workspaceId: brands.workspaceId, projectUid: brands.projectUid!, summary, overview, source, recordingUid, screenshot: file });
      setCreated({ task: result.task, screenshotError: result.screenshotError ? errorText(result.screenshotError) : null });
    } catch (error) {
      if (isApiError(error) && (error.field === 'summary' || error.field === 'overview' || error.field === 'project_uid')) {
        setErrors({ [error.field]: errorText(error) });
      } else setFailure(errorText(error));
    } finally {
      setStage('idle');
    }
  };

  if (created) {
    const brand = created.task.projects.name;
    return (
      <SpaceBetween size="m">
        <Alert type="success">{t('extension.form.created', { id: String(created.task.id), brand })}</Alert>
        {created.screenshotError && <Alert type="warning">{t('extension.form.screenshotFailed', { reason: created.screenshotError })}</Alert>}
        <SpaceBetween size="xs" direction="horizontal">
          <Button variant="primary" onClick={() => host.openApp(taskPath(created.task))}>
            {t('extension.form.open')}
          </Button>
          {onBack && <Button onClick={onBack}>{t('extension.form.cancel')}</Button>}
        </SpaceBetween>
      </SpaceBetween>
    );
  }

  const busy = stage !== 'idle';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Form
        errorText={failure ?? undefined}
        actions={
          <SpaceBetween size="xs" direction="horizontal">
            {onBack && (
              <Button formAction="none" onClick={onBack} disabled={busy}>
                {t('extension.form.cancel')}
              </Button>
            )}
            <Button variant="primary" loading={busy} disabled={brands.loading && !brands.projectUid}>
              {stage === 'uploading' ? t('extension.form.uploading') : busy ? t('extension.form.creating') : t('extension.form.create')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="m">
          {workspaceOptions.length > 1 && (
            <FormField label={t('extension.form.workspace')}>
              <Select
                selectedOption={workspaceOptions.find((o) => o.value === brands.workspaceId) ?? null}
                options={workspaceOptions}
                onChange={({ detail }) => detail.selectedOption.value && brands.setWorkspaceId(detail.selectedOption.value)}
              />
            </FormField>
          )}
          <FormField
            label={t('extension.form.brand')}
            errorText={errors.project_uid ?? (!brands.loading && projectOptions.length === 0 ? t('extension.form.noBrands') : undefined)}
          >
            <Select
              selectedOption={projectOptions.find((o) => o.value === brands.projectUid) ?? null}
              options={projectOptions}
              placeholder={t('extension.form.brandPlaceholder')}
              statusType={brands.loading ? 'loading' : 'finished'}
              loadingText={t('extension.loading')}
              onChange={({ detail }) => detail.selectedOption.value && brands.setProjectUid(detail.selectedOption.value)}
            />
          </FormField>
          <FormField label={t('extension.form.summary')} errorText={errors.summary}>
            <Input value={summary} onChange={({ detail }) => setSummary(detail.value)} />
          </FormField>
          <FormField label={t('extension.form.overview')} errorText={errors.overview}>
            <Textarea value={overview} rows={5} onChange={({ detail }) => setOverview(detail.value)} />
          </FormField>
          {screenshot.status === 'loading' && <Box color="text-status-inactive">{t('extension.loading')}</Box>}
          {screenshot.status === 'ready' && preview && (
            <SpaceBetween size="xs">
              <Checkbox checked={attach} onChange={({ detail }) => setAttach(detail.checked)}>
                {t('extension.form.screenshot')}
              </Checkbox>
              <img
                src={preview}
                alt={t('extension.form.screenshotAlt', { title: page?.title ?? '' })}
                style={{ maxWidth: '100%', maxHeight: 180, border: '1px solid #d1d5db', borderRadius: 4, opacity: attach ? 1 : 0.4 }}
              />
            </SpaceBetween>
          )}
          {screenshot.status === 'unavailable' && (
            <Box color="text-status-inactive" fontSize="body-s">
              {t('extension.form.screenshotUnavailable', { reason: screenshot.reason })}
            </Box>
          )}
        </SpaceBetween>
      </Form>
    </form>
  );
};
