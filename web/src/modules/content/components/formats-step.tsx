import FormField from '@cloudscape-design/components/form-field';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_LIMITS } from '#shared/schemas/content';
import { useSettingsSave } from '../use-settings-save';
import { StepFrame } from './step-frame';
import type { StepProps } from './step-props';

/** The formats offered; a brand keeps any it saved before, even one no longer offered. */
export const CONTENT_FORMAT_CHOICES = [
  'Reel',
  'Short video',
  'Long video',
  'Carousel',
  'Single image',
  'Story',
  'Live stream',
  'Blog post',
  'Newsletter',
  'Podcast',
  'Thread',
  'Behind the scenes',
  'Tutorial',
  'User-generated content',
] as const;

/** Content Formats: the formats the team makes and the other preferences AI keeps in mind. */
export const FormatsStep = ({ project, workspaceId, settings }: StepProps) => {
  const { t } = useTranslation();
  const [formats, setFormats] = useState<string[]>(settings.content_formats);
  const [other, setOther] = useState(settings.other_preferences);
  const { save, saving, error, errorField } = useSettingsSave(workspaceId, project.uid);
  const choices = [...CONTENT_FORMAT_CHOICES, ...settings.content_formats.filter((format) => !(CONTENT_FORMAT_CHOICES as readonly string[]).includes(format))];
  const tooLong = other.trim().length > CONTENT_LIMITS.otherPreferences;
  const onSave = async () => (tooLong ? false : save({ content_formats: formats, other_preferences: other.trim() }));
  return (
    <StepFrame project={project} step="content-formats" onSave={onSave} saving={saving} error={error}>
      <SpaceBetween size="l">
        <FormField label={t('content.fields.formats')} errorText={errorField?.startsWith('content_formats') ? error : undefined}>
          <Multiselect
            selectedOptions={formats.map((value) => ({ value, label: value }))}
            onChange={({ detail }) => setFormats(detail.selectedOptions.map((option) => option.value ?? ''))}
            options={choices.map((value) => ({ value, label: value }))}
            placeholder={t('content.fields.formatsPlaceholder')}
            filteringType="auto"
          />
        </FormField>
        <FormField
          label={t('content.fields.otherPreferences')}
          description={t('content.fields.otherPreferencesHint')}
          errorText={tooLong ? t('validation.tooLong', { max: String(CONTENT_LIMITS.otherPreferences) }) : undefined}
        >
          <Textarea value={other} onChange={({ detail }) => setOther(detail.value)} rows={4} />
        </FormField>
      </SpaceBetween>
    </StepFrame>
  );
};
