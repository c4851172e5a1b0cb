import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INDUSTRIES, INDUSTRY_SKILLS, type Industry } from '#shared/schemas/content';
import { projectName } from '#shared/schemas/project';
import { fieldError, fieldErrorText } from '../../../ui/field-rule';
import { updateProject } from '../../projects/project-service';
import { useProjectAdmin } from '../../projects/use-project-admin';
import { contentErrorText, useSettingsSave } from '../use-settings-save';
import { StepFrame } from './step-frame';
import type { StepProps } from './step-props';

/** Name Brand: the brand's name (its admins may change it), one of the 26 industries and that industry's team skills. */
export const NameBrandStep = ({ project, workspaceId, settings }: StepProps) => {
  const { t } = useTranslation();
  const canRename = useProjectAdmin(project).answer === 'yes';
  const [name, setName] = useState(project.name);
  const [industry, setIndustry] = useState<Industry | null>(settings.industry);
  const [skills, setSkills] = useState<string[]>(settings.team_skills);
  const [renameError, setRenameError] = useState<string>();
  const [tried, setTried] = useState(false);
  const { save, saving, error, errorField } = useSettingsSave(workspaceId, project.uid);
  const nameError = canRename && tried ? fieldErrorText(fieldError(projectName, name)) : undefined;
  const offered = industry ? INDUSTRY_SKILLS[industry] : [];

  const onSave = async () => {
    setTried(true);
    setRenameError(undefined);
    if (canRename && fieldError(projectName, name)) return false;
    if (canRename && name.trim() !== project.name) {
      try {
        await updateProject(workspaceId, project.uid, { name: name.trim() });
      } catch (caught) {
        setRenameError(contentErrorText(caught));
        return false;
      }
    }
    return save({ industry, team_skills: skills.filter((skill) => offered.includes(skill)) });
  };

  return (
    <StepFrame project={project} step="name-brand" onSave={onSave} saving={saving} error={error}>
      <SpaceBetween size="l">
        <FormField label={t('content.fields.brandName')} errorText={nameError ?? renameError}>
          <Input value={name} onChange={({ detail }) => setName(detail.value)} disabled={!canRename} autoComplete="organization" />
        </FormField>
        <FormField label={t('content.fields.industry')} errorText={errorField === 'industry' ? error : undefined}>
          <Select
            selectedOption={industry ? { value: industry, label: industry } : null}
            onChange={({ detail }) => {
              const next = detail.selectedOption.value as Industry;
              setIndustry(next);
              setSkills((current) => current.filter((skill) => INDUSTRY_SKILLS[next].includes(skill)));
            }}
            options={INDUSTRIES.map((value) => ({ value, label: value }))}
            placeholder={t('content.fields.industryPlaceholder')}
            filteringType="auto"
          />
        </FormField>
        <FormField
          label={t('content.fields.teamSkills')}
          description={industry ? t('content.fields.teamSkillsDescription', { industry }) : t('content.fields.teamSkillsEmpty')}
          errorText={errorField?.startsWith('team_skills') ? error : undefined}
        >
          <div role="group" aria-label={t('content.fields.teamSkills')}>
            <ColumnLayout columns={2} minColumnWidth={160}>
              {offered.map((skill) => (
                <Checkbox
                  key={skill}
                  checked={skills.includes(skill)}
                  onChange={({ detail }) => setSkills((current) => (detail.checked ? [...current, skill] : current.filter((s) => s !== skill)))}
                >
                  {skill}
                </Checkbox>
              ))}
            </ColumnLayout>
          </div>
        </FormField>
      </SpaceBetween>
    </StepFrame>
  );
};
