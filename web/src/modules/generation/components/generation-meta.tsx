import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { generatedSeconds, type GenerationMeta } from '#shared/schemas/generation';
import { useTranslation } from 'react-i18next';
import { AiSourceBadge } from '../../ai/ai-source-badge';

/**
 * How a result was made: 'Generated in {value} seconds' (spec 9) and the AI port's source badge, which says the
 * local test model plainly: its output must never pass for a real model's.
 */
export const GenerationMetaLine = ({ meta }: { meta: GenerationMeta }) => {
  const { t } = useTranslation();
  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <Box variant="small" color="text-body-secondary">
        {meta.model === 'rules' ? t('generation.checkedByRules') : t('generation.generatedIn', { value: generatedSeconds(meta) })}
      </Box>
      {meta.model !== 'rules' && <AiSourceBadge model={meta.model} localTestModel={meta.local_test_model} />}
    </SpaceBetween>
  );
};
