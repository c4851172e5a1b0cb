import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { BrandFit, FlaggedPhrase } from '#shared/schemas/generation';
import { useTranslation } from 'react-i18next';

const useFieldName = () => {
  const { t } = useTranslation();
  return (phrase: FlaggedPhrase) => t(`generation.brandFit.fields.${phrase.field}`, { n: (phrase.index ?? 0) + 1 });
};

/** The score 0–100 against the brand's minimum, a reason per rule, and each phrase that breaks an off-brand term. */
export const BrandFitView = ({ fit, stale = false }: { fit: BrandFit; stale?: boolean }) => {
  const { t } = useTranslation();
  const fieldName = useFieldName();
  return (
    <SpaceBetween size="s">
      <ProgressBar
        label={t('generation.brandFit.score')}
        value={fit.score}
        additionalInfo={
          fit.min_score === null ? undefined : fit.meets_min ? t('generation.brandFit.meetsMin', { min: fit.min_score }) : t('generation.brandFit.belowMin', { min: fit.min_score })
        }
        description={t('generation.brandFit.scoreValue', { score: fit.score })}
        status={fit.meets_min ? 'in-progress' : 'error'}
        resultText={t('generation.brandFit.scoreValue', { score: fit.score })}
      />
      {stale && <Alert type="warning">{t('generation.brandFit.stale')}</Alert>}
      {fit.rules.length > 0 && (
        <div>
          <Box variant="h4" padding={{ top: 'n', bottom: 'xxs' }}>
            {t('generation.brandFit.rules')}
          </Box>
          <ul style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }} data-testid="brand-fit-rules">
            {fit.rules.map((rule, index) => (
              <li key={index} style={{ marginBottom: 6 }}>
                <StatusIndicator type={rule.passed ? 'success' : 'warning'}>
                  {t(`generation.brandFit.kinds.${rule.kind}`)}: {rule.label} — {rule.score}
                </StatusIndicator>
                <Box variant="small" color="text-body-secondary" display="block">
                  {rule.reason}
                </Box>
              </li>
            ))}
          </ul>
        </div>
      )}
      {fit.flagged.length > 0 && (
        <div>
          <Box variant="h4" padding={{ top: 'n', bottom: 'xxs' }}>
            {t('generation.brandFit.flagged')}
          </Box>
          <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="brand-fit-flagged">
            {fit.flagged.map((phrase, index) => (
              <li key={index}>
                {t('generation.brandFit.flaggedLine', { phrase: phrase.phrase, field: fieldName(phrase), start: phrase.start, end: phrase.end, term: phrase.term })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </SpaceBetween>
  );
};
