import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_LIMITS } from '#shared/schemas/content';
import { useSettingsSave } from '../use-settings-save';
import { StepFrame } from './step-frame';
import type { StepProps } from './step-props';

type Pillar = { name: string; description: string };

/** Topics (content-pillars): the topics the brand's content comes back to, each a name and what it covers. */
export const PillarsStep = ({ project, workspaceId, settings }: StepProps) => {
  const { t } = useTranslation();
  const [pillars, setPillars] = useState<Pillar[]>(settings.content_pillars);
  const [tried, setTried] = useState(false);
  const { save, saving, error } = useSettingsSave(workspaceId, project.uid);
  // A row left wholly empty is dropped; a description without a name is not.
  const kept = pillars.filter((pillar) => pillar.name.trim() || pillar.description.trim());
  const nameMissing = (pillar: Pillar) => !pillar.name.trim() && !!pillar.description.trim();
  const onSave = async () => {
    setTried(true);
    if (kept.some(nameMissing)) return false;
    return save({ content_pillars: kept.map((pillar) => ({ name: pillar.name.trim(), description: pillar.description.trim() })) });
  };
  const change = (index: number, patch: Partial<Pillar>) => setPillars((current) => current.map((pillar, i) => (i === index ? { ...pillar, ...patch } : pillar)));
  return (
    <StepFrame project={project} step="content-pillars" onSave={onSave} saving={saving} error={error}>
      <AttributeEditor
        items={pillars}
        addButtonText={t('content.fields.addPillar')}
        removeButtonText={t('content.fields.removePillar')}
        empty={t('content.fields.pillarsEmpty')}
        disableAddButton={pillars.length >= CONTENT_LIMITS.pillars}
        onAddButtonClick={() => setPillars((current) => [...current, { name: '', description: '' }])}
        onRemoveButtonClick={({ detail }) => setPillars((current) => current.filter((_, i) => i !== detail.itemIndex))}
        definition={[
          {
            label: t('content.fields.pillarName'),
            control: (pillar, index) => (
              <Input value={pillar.name} onChange={({ detail }) => change(index, { name: detail.value })} ariaLabel={`${t('content.fields.pillarName')} ${index + 1}`} />
            ),
            errorText: (pillar) => (tried && nameMissing(pillar) ? t('validation.required') : pillar.name.trim().length > CONTENT_LIMITS.pillarName ? t('validation.tooLong', { max: String(CONTENT_LIMITS.pillarName) }) : undefined),
          },
          {
            label: t('content.fields.pillarDescription'),
            control: (pillar, index) => (
              <Input
                value={pillar.description}
                onChange={({ detail }) => change(index, { description: detail.value })}
                ariaLabel={`${t('content.fields.pillarDescription')} ${index + 1}`}
              />
            ),
          },
        ]}
      />
    </StepFrame>
  );
};
