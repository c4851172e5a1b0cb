import Button from '@cloudscape-design/components/button';
import FileInput from '@cloudscape-design/components/file-input';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { COVER_TYPES } from '#shared/schemas/collab';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileProblem, formatBytes } from '../../comments/attachment-rules';
import type { Project } from '../project-store';

export type CoverPickerProps = {
  value: File | null;
  onChange: (file: File | null) => void;
  /** Editing a brand: its cover as it stands, shown until a new image is picked to replace it. */
  current?: Pick<Project, 'name' | 'cover_url'>;
  /** The server refused the upload: said on this field. */
  error?: string;
};

/** A cover image is usable: png, jpeg or webp, at most 5 MB (the server checks again). */
export const coverProblem = (file: File | null) => (file ? fileProblem(file, COVER_TYPES) : null);

const thumbnail = { width: 240, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 8, display: 'block' } as const;

/** Pick the brand's cover image (or a new one for its current cover), see it before saving, or take it away again. */
export const CoverPicker = ({ value, onChange, current, error }: CoverPickerProps) => {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string>();
  const problem = coverProblem(value);

  useEffect(() => {
    if (!value || problem) {
      setPreview(undefined);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value, problem]);

  return (
    <FormField
      label={t('projectCover.label')}
      description={t('projectCover.hint')}
      errorText={value && problem ? t(`projectCover.problems.${problem}`, { name: value.name, size: formatBytes(value.size) }) : error}
    >
      <SpaceBetween size="s">
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <FileInput
            value={value ? [value] : []}
            accept={COVER_TYPES.join(',')}
            onChange={({ detail }) => onChange(detail.value[0] ?? null)}
            ariaLabel={current?.cover_url ? t('projects.manage.replaceCover') : t('projectCover.choose')}
            invalid={!!problem || !!error}
          >
            {current?.cover_url ? t('projects.manage.replaceCover') : t('projectCover.choose')}
          </FileInput>
          {value && (
            <Button formAction="none" variant="link" onClick={() => onChange(null)}>
              {current?.cover_url ? t('projects.manage.keepCover') : t('projectCover.remove')}
            </Button>
          )}
        </SpaceBetween>
        {preview && value ? (
          <img src={preview} alt={t('projectCover.previewAlt', { name: value.name })} style={thumbnail} />
        ) : (
          current?.cover_url && <img src={current.cover_url} alt={t('projects.manage.currentCoverAlt', { name: current.name })} style={thumbnail} />
        )}
      </SpaceBetween>
    </FormField>
  );
};
