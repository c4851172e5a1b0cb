import Box from '@cloudscape-design/components/box';
import Table from '@cloudscape-design/components/table';
import type { Scene } from '#shared/schemas/generation';
import { useTranslation } from 'react-i18next';

/** A script's shot list: scene, visuals, voice-over, duration. */
export const SceneList = ({ scenes }: { scenes: Scene[] }) => {
  const { t } = useTranslation();
  const seconds = Math.round(scenes.reduce((sum, s) => sum + s.duration_seconds, 0) * 10) / 10;
  return (
    <Table
      variant="embedded"
      wrapLines
      items={scenes}
      ariaLabels={{ tableLabel: t('generation.scenes.title') }}
      header={<Box variant="h4">{t('generation.scenes.total', { count: scenes.length, seconds })}</Box>}
      columnDefinitions={[
        { id: 'scene', header: t('generation.scenes.scene'), cell: (s) => s.scene, width: 80 },
        { id: 'visuals', header: t('generation.scenes.visuals'), cell: (s) => s.visuals },
        { id: 'voice', header: t('generation.scenes.voiceOver'), cell: (s) => s.voice_over },
        { id: 'duration', header: t('generation.scenes.duration'), cell: (s) => t('generation.scenes.seconds', { count: s.duration_seconds }), width: 110 },
      ]}
    />
  );
};
