import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_GOALS, CONTENT_LIMITS, type ContentGoal } from '#shared/schemas/content';
import { useSettingsSave } from '../use-settings-save';
import { StepFrame } from './step-frame';
import type { StepProps } from './step-props';

/** Define Goal: what the brand's content is for (one primary goal) and the goal in the team's words. */
export const DefineGoalStep = ({ project, workspaceId, settings }: StepProps) => {
  const { t } = useTranslation();
  const [primary, setPrimary] = useState<ContentGoal | null>(settings.goal.primary);
  const [description, setDescription] = useState(settings.goal.description);
  const { save, saving, error, errorField } = useSettingsSave(workspaceId, project.uid);
  const tooLong = description.trim().length > CONTENT_LIMITS.goalDescription;
  const onSave = async () => (tooLong ? false : save({ goal: { primary, description: description.trim() } }));
  const option = (value: ContentGoal) => ({ value, label: t(`content.goals.${value}`) });
  return (
    <StepFrame project={project} step="define-goal" onSave={onSave} saving={saving} error={error}>
      <SpaceBetween size="l">
        <FormField label={t('content.fields.goalPrimary')}>
          <Select
            selectedOption={primary ? option(primary) : null}
            onChange={({ detail }) => setPrimary(detail.selectedOption.value as ContentGoal)}
            options={CONTENT_GOALS.map(option)}
            placeholder={t('content.fields.goalPrimaryPlaceholder')}
          />
        </FormField>
        <FormField
          label={t('content.fields.goalDescription')}
          description={t('content.fields.goalDescriptionHint')}
          errorText={tooLong ? t('validation.tooLong', { max: String(CONTENT_LIMITS.goalDescription) }) : errorField === 'goal.description' ? error : undefined}
        >
          <Textarea value={description} onChange={({ detail }) => setDescription(detail.value)} rows={4} />
        </FormField>
      </SpaceBetween>
    </StepFrame>
  );
};
