import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TokenGroup from '@cloudscape-design/components/token-group';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_LIMITS } from '#shared/schemas/content';
import { useSettingsSave } from '../use-settings-save';
import { StepFrame } from './step-frame';
import type { StepProps } from './step-props';

/** Off Brand: rules the brand's content keeps, terms it never uses (checked in every draft) and the minimum brand-fit score. */
export const OffBrandStep = ({ project, workspaceId, settings }: StepProps) => {
  const { t } = useTranslation();
  const [rules, setRules] = useState<string[]>(settings.off_brand.rules);
  const [terms, setTerms] = useState<string[]>(settings.off_brand.terms);
  const [term, setTerm] = useState('');
  const [minScore, setMinScore] = useState(settings.brand_fit_min_score === null ? '' : String(settings.brand_fit_min_score));
  const [tried, setTried] = useState(false);
  const { save, saving, error, errorField } = useSettingsSave(workspaceId, project.uid);
  const score = minScore.trim() === '' ? null : /^\d{1,3}$/.test(minScore.trim()) && Number(minScore) <= 100 ? Number(minScore) : undefined;

  const addTerm = () => {
    const value = term.trim();
    if (value && !terms.some((known) => known.toLowerCase() === value.toLowerCase())) setTerms((current) => [...current, value]);
    setTerm('');
  };
  const onSave = async () => {
    setTried(true);
    if (score === undefined) return false;
    const pending = term.trim();
    return save({
      off_brand: { rules: rules.map((rule) => rule.trim()).filter(Boolean), terms: pending && !terms.includes(pending) ? [...terms, pending] : terms },
      brand_fit_min_score: score,
    });
  };

  return (
    <StepFrame project={project} step="off-brand" onSave={onSave} saving={saving} error={error}>
      <SpaceBetween size="l">
        <FormField label={t('content.fields.rules')} stretch errorText={errorField?.startsWith('off_brand.rules') ? error : undefined}>
          <AttributeEditor
            items={rules}
            addButtonText={t('content.fields.addRule')}
            removeButtonText={t('content.fields.removePillar')}
            empty={t('content.fields.rulesEmpty')}
            disableAddButton={rules.length >= CONTENT_LIMITS.offBrandRules}
            onAddButtonClick={() => setRules((current) => [...current, ''])}
            onRemoveButtonClick={({ detail }) => setRules((current) => current.filter((_, i) => i !== detail.itemIndex))}
            definition={[
              {
                label: t('content.fields.rule'),
                control: (rule, index) => (
                  <Input
                    value={rule}
                    ariaLabel={`${t('content.fields.rule')} ${index + 1}`}
                    onChange={({ detail }) => setRules((current) => current.map((r, i) => (i === index ? detail.value : r)))}
                  />
                ),
                errorText: (rule) => (rule.trim().length > CONTENT_LIMITS.offBrandRule ? t('validation.tooLong', { max: String(CONTENT_LIMITS.offBrandRule) }) : undefined),
              },
            ]}
          />
        </FormField>
        <FormField label={t('content.fields.terms')} description={t('content.fields.termsHint')} errorText={errorField?.startsWith('off_brand.terms') ? error : undefined}>
          <SpaceBetween size="xs">
            <SpaceBetween direction="horizontal" size="xs">
              <Input
                value={term}
                placeholder={t('content.fields.termPlaceholder')}
                ariaLabel={t('content.fields.terms')}
                onChange={({ detail }) => setTerm(detail.value)}
                onKeyDown={(event) => {
                  // Enter adds the term instead of saving the page.
                  if (event.detail.key === 'Enter') {
                    event.preventDefault();
                    addTerm();
                  }
                }}
              />
              <Button formAction="none" onClick={addTerm} disabled={!term.trim() || terms.length >= CONTENT_LIMITS.offBrandTerms}>
                {t('content.fields.addTerm')}
              </Button>
            </SpaceBetween>
            <TokenGroup items={terms.map((label) => ({ label, dismissLabel: `${t('content.fields.removePillar')} ${label}` }))} onDismiss={({ detail }) => setTerms((current) => current.filter((_, i) => i !== detail.itemIndex))} />
          </SpaceBetween>
        </FormField>
        <FormField
          label={t('content.fields.minScore')}
          description={t('content.fields.minScoreHint')}
          errorText={(tried && score === undefined) || errorField === 'brand_fit_min_score' ? t('content.fields.minScoreRange') : undefined}
        >
          <Input type="number" inputMode="numeric" value={minScore} onChange={({ detail }) => setMinScore(detail.value)} />
        </FormField>
      </SpaceBetween>
    </StepFrame>
  );
};
