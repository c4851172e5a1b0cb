import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import { useTranslation } from 'react-i18next';

export type AiSourceBadgeProps = {
  /** The model id the answer names. */
  model: string;
  /** Made by the local emulator: said in words, never only by colour, so it cannot pass for a real model. */
  localTestModel: boolean;
};

/** Where a generated answer came from: the local test model (loudly) or the real model's name. */
export const AiSourceBadge = ({ model, localTestModel }: AiSourceBadgeProps) => {
  const { t } = useTranslation();
  if (localTestModel) {
    return (
      <span title={t('ai.source.localHint')} data-testid="ai-source-local">
        <Badge color="severity-medium">{t('ai.source.local')}</Badge>
      </span>
    );
  }
  return (
    <Box variant="small" color="text-body-secondary" display="inline">
      {t('ai.source.model', { model })}
    </Box>
  );
};
