import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { longFormResult, MAX_TOPIC, type GenerationJobFeature } from '#shared/schemas/generation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, translateError } from '../../../i18n';
import { useAiJob } from '../../ai/use-ai-job';
import { useStartLongForm } from '../generation-api';
import { BrandFitView } from './brand-fit-view';
import { FieldFeedback } from './field-feedback';
import { GenerationMetaLine } from './generation-meta';
import { LongFormActions } from './long-form-actions';
import { TopicPillarFields } from './topic-pillar-fields';

export type LongFormGeneratorProps = { workspaceId: string; projectId: string };

/**
 * A blog post or a video script from one of the brand's pillars: it runs as a job (it can take longer than a
 * request may), so the panel shows its progress, then the text with its brand fit and how it was made.
 */
export const LongFormGenerator = ({ workspaceId, projectId }: LongFormGeneratorProps) => {
  const { t } = useTranslation();
  const [feature, setFeature] = useState<GenerationJobFeature>('blog_post');
  const [topic, setTopic] = useState('');
  const [pillar, setPillar] = useState<string | null>(null);
  const start = useStartLongForm({ workspaceId, projectId });
  const [jobId, setJobId] = useState<string | undefined>();
  // The topic the job was started with: the task made from its text takes that, not what the box says now.
  const [ranTopic, setRanTopic] = useState('');
  const job = useAiJob(workspaceId, jobId);
  const parsed = job.job?.status === 'done' ? longFormResult.safeParse(job.job.result) : undefined;
  const result = parsed?.success ? parsed.data : undefined;
  const running = !!jobId && !job.finished && !job.lost;
  const run = () => {
    setJobId(undefined);
    const asked = topic.trim();
    start.mutate(
      { feature, topic: asked, ...(pillar ? { pillar } : {}) },
      {
        onSuccess: (started) => {
          setRanTopic(asked);
          setJobId(started.job_id);
        },
      },
    );
  };

  return (
    <Container header={<Header variant="h2" description={t('generation.longForm.description')}>{t('generation.longForm.title')}</Header>}>
      <SpaceBetween size="m">
        <SegmentedControl
          label={t('generation.longForm.kind')}
          selectedId={feature}
          options={[
            { id: 'blog_post', text: t('generation.longForm.blogPost') },
            { id: 'script', text: t('generation.longForm.script') },
          ]}
          onChange={({ detail }) => setFeature(detail.selectedId as GenerationJobFeature)}
        />
        <TopicPillarFields
          workspaceId={workspaceId}
          projectId={projectId}
          topic={topic}
          pillar={pillar}
          onTopic={setTopic}
          onPillar={setPillar}
          errorText={start.error ? errorText(start.error) : undefined}
        />
        <Box>
          <Button variant="primary" loading={start.isPending || running} disabled={!topic.trim()} onClick={run}>
            {feature === 'blog_post' ? t('generation.longForm.writeBlogPost') : t('generation.longForm.writeScript')}
          </Button>
        </Box>
        {running && (
          <ProgressBar
            label={t('generation.longForm.progress')}
            value={job.progress}
            additionalInfo={job.slow ? t('generation.longForm.slow') : (job.note ?? undefined)}
          />
        )}
        {job.job?.status === 'failed' && job.job.error && <Alert type="error">{translateError(job.job.error.code, job.job.error.message)}</Alert>}
        {job.lost && <Alert type="error">{t('generation.longForm.lost')}</Alert>}
        {result && (
          <SpaceBetween size="s">
            <Box variant="h3">{result.title}</Box>
            <GenerationMetaLine meta={result.meta} />
            <Box>
              <span style={{ whiteSpace: 'pre-wrap' }}>{result.text}</span>
            </Box>
            <LongFormActions key={jobId} workspaceId={workspaceId} projectId={projectId} result={result} topic={ranTopic} />
            <BrandFitView fit={result.brand_fit} />
            <FieldFeedback key={jobId} projectId={projectId} field={result.feature} />
          </SpaceBetween>
        )}
      </SpaceBetween>
    </Container>
  );
};
