import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Task } from '#shared/schemas/task';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { useCheckBrandFit, useExtractScenes, useGenerateHooks, useTaskBrandFit } from '../generation-api';
import { BrandFitView } from './brand-fit-view';
import { FieldFeedback } from './field-feedback';
import { GenerationMetaLine } from './generation-meta';
import { SceneList } from './scene-list';
import { TopicPillarFields } from './topic-pillar-fields';

/**
 * The Post task's AI panel: write a hook and three variations into the task, check the draft's brand fit (the
 * check the brand's minimum score reads before approval), and extract the script's scenes. Each result shows how
 * it was made and takes feedback that shapes the next one.
 */
export const PostGenerationPanel = ({ task, canWrite }: { task: Task; canWrite: boolean }) => {
  const { t } = useTranslation();
  const brand = { workspaceId: task.workspace_uid, projectId: task.project_uid };
  const [topic, setTopic] = useState('');
  const [pillar, setPillar] = useState<string | null>(null);
  const fit = useTaskBrandFit(task);
  const hooks = useGenerateHooks(task);
  const check = useCheckBrandFit(task);
  const scenes = useExtractScenes(brand);
  const busy = hooks.isPending || check.isPending;
  const failure = hooks.error ?? check.error;

  return (
    <Container header={<Header variant="h2" description={t('generation.panelDescription')}>{t('generation.panelTitle')}</Header>}>
      <SpaceBetween size="l">
        {canWrite && (
          <TopicPillarFields
            workspaceId={task.workspace_uid}
            projectId={task.project_uid}
            topic={topic}
            pillar={pillar}
            onTopic={setTopic}
            onPillar={setPillar}
            placeholder={task.summary}
            description={t('generation.topicHint')}
          />
        )}
        {canWrite && (
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              variant="primary"
              loading={hooks.isPending}
              disabled={busy}
              onClick={() => hooks.mutate({ ...(topic.trim() ? { topic: topic.trim() } : {}), ...(pillar ? { pillar } : {}) })}
            >
              {hooks.isPending ? t('generation.writingHooks') : t('generation.writeHooks')}
            </Button>
            <Button loading={check.isPending} disabled={busy} onClick={() => check.mutate()}>
              {check.isPending ? t('generation.checking') : t('generation.checkBrandFit')}
            </Button>
            <Button loading={scenes.isPending} disabled={!task.script || scenes.isPending} onClick={() => task.script && scenes.mutate(task.script)}>
              {scenes.isPending ? t('generation.extracting') : t('generation.extractScenes')}
            </Button>
          </SpaceBetween>
        )}
        {canWrite && !task.script && <Box variant="small" color="text-body-secondary">{t('generation.noScript')}</Box>}
        {failure && <Alert type="error">{errorText(failure)}</Alert>}
        {hooks.data && (
          <SpaceBetween size="xs">
            <Alert type="success">{t('generation.hooksWritten')}</Alert>
            <GenerationMetaLine meta={hooks.data.meta} />
            <FieldFeedback key={hooks.data.hook} projectId={task.project_uid} field="hook" />
          </SpaceBetween>
        )}
        <div>
          <Box variant="h3" padding={{ bottom: 'xs' }}>
            {t('generation.brandFit.title')}
          </Box>
          {fit.data?.check ? (
            <SpaceBetween size="xs">
              <BrandFitView fit={fit.data.check} stale={fit.data.stale} />
              {check.data && <GenerationMetaLine meta={check.data.meta} />}
            </SpaceBetween>
          ) : (
            <Box color="text-body-secondary">{t('generation.brandFit.none')}</Box>
          )}
        </div>
        {scenes.error && <Alert type="error">{errorText(scenes.error)}</Alert>}
        {scenes.data && (
          <SpaceBetween size="xs">
            <SceneList scenes={scenes.data.scenes} />
            <GenerationMetaLine meta={scenes.data.meta} />
            <FieldFeedback key={scenes.data.meta.generated_in_ms} projectId={task.project_uid} field="scenes" />
          </SpaceBetween>
        )}
      </SpaceBetween>
    </Container>
  );
};
