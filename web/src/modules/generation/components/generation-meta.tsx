import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { generatedSeconds, type GenerationMeta } from '#shared/schemas/generation';
import { useTranslation } from 'react-i18next';

/**
 * How a result was made: 'Generated in {value} seconds' (spec 9) and, for the local emulator, a badge that says
 * so plainly: output of the local test model must never pass for a real model's.
 */
export const GenerationMetaLine = ({ meta }: { meta: GenerationMeta }) => {
  const { t } = useTranslation();
  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <Box variant="small" color="text-body-secondary">
        {meta.model === 'rules' ? t('generation.checkedByRules') : t('generation.generatedIn', { value: generatedSeconds(meta) })}
      </Box>
      {meta.local_test_model && (
        <span title={t('generation.localTestModelHint')}>
          <Badge color="severity-medium">{t('generation.localTestModel')}</Badge>
        </span>
      )}
    </SpaceBetween>
  );
};
