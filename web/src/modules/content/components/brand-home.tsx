import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Audience, BrandVoice, ContentSettings } from '#shared/schemas/content';
import type { Project } from '#shared/schemas/project';
import { formatDate } from '../../../ui/format-date';
import { PageLoader } from '../../../ui/page-loader';
import { RouterLink } from '../../../ui/router-link';
import { useFollow } from '../../../ui/use-follow';
import { TaskStatusBadge } from '../../tasks/components/task-status-badge';
import { useRecentTasks } from '../brand-home-data';
import { useContentItems, useContentSettings, useProjectFeedback } from '../content-service';
import { continueStep, doneSteps } from '../setup-progress';
import { BRAND_SETUP_STEPS, settingsPath } from '../setup-steps';
import { LongFormGenerator } from '../../generation/components/long-form-generator';
import { CALL_NOTES_PARAM } from '../../call-notes/call-notes-link';
import { RecordButton } from '../../recording/components/record-button';
import { SlatePanel } from './slate-panel';
import { SettingsLoadFailed } from './settings-load-failed';

export type BrandHomeProps = { project: Project; workspaceId: string };

/**
 * /project/{slug}: the brand's home. A brand with nothing set up is invited into the wizard; otherwise its setup
 * progress, its strategy at a glance, this week's slate and its recent tasks.
 */
export const BrandHome = ({ project, workspaceId }: BrandHomeProps) => {
  const { t } = useTranslation();
  const follow = useFollow();
  // One "today" per visit: the slate week does not move under a page left open past midnight mid-render.
  const [today] = useState(() => new Date());
  const settings = useContentSettings(workspaceId, project.uid);
  const voices = useContentItems(project.uid, 'brand-voices');
  const audiences = useContentItems(project.uid, 'audiences');
  const influences = useContentItems(project.uid, 'influences');
  const feedback = useProjectFeedback(project.uid);
  const tasksPath = `/project/${encodeURIComponent(project.slug)}/tasks`;

  const header = (
    <Header
      variant="h1"
      description={t('content.home.description')}
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          <RecordButton projectUid={project.uid} />
          {/* Call notes open over the brand's tasks, where the tasks they make appear. */}
          <Button href={`${tasksPath}?${CALL_NOTES_PARAM}`} onFollow={follow} iconName="call">
            {t('callNotes.brandHome')}
          </Button>
          <Button href={tasksPath} onFollow={follow}>
            {t('content.home.recent.all')}
          </Button>
        </SpaceBetween>
      }
    >
      {project.name}
    </Header>
  );
  if (settings.isPending) return <ContentLayout header={header}><PageLoader label={t('content.loading')} /></ContentLayout>;
  if (settings.isError) {
    return (
      <ContentLayout header={header}>
        <SettingsLoadFailed onRetry={() => void settings.refetch()} />
      </ContentLayout>
    );
  }

  const done = doneSteps({
    settings: settings.data,
    voices: voices.data?.length ?? 0,
    audiences: audiences.data?.length ?? 0,
    influences: influences.data?.length ?? 0,
    feedback: feedback.data?.length ?? 0,
  });
  const next = continueStep(done);
  const fresh = done.size === 0 && !voices.isPending && !audiences.isPending && !influences.isPending;

  return (
    <ContentLayout header={header}>
      <SpaceBetween size="l">
        {fresh && (
          <Container header={<Header variant="h2">{t('content.home.newBrand.header', { name: project.name })}</Header>}>
            <SpaceBetween size="m">
              <Box variant="p">{t('content.home.newBrand.body')}</Box>
              <Button variant="primary" href={settingsPath(project.slug, BRAND_SETUP_STEPS[0], true)} onFollow={follow}>
                {t('content.home.newBrand.start')}
              </Button>
            </SpaceBetween>
          </Container>
        )}
        <Grid gridDefinition={[{ colspan: { default: 12, m: 5 } }, { colspan: { default: 12, m: 7 } }]}>
          <Container header={<Header variant="h2">{t('content.home.setup.header')}</Header>} fitHeight>
            <SpaceBetween size="m">
              <ProgressBar
                value={Math.round((done.size / BRAND_SETUP_STEPS.length) * 100)}
                label={t('content.home.setup.label')}
                additionalInfo={t('content.home.setup.count', { done: String(done.size), total: String(BRAND_SETUP_STEPS.length) })}
              />
              {/* A new brand has its invitation above: no second way into the same step. */}
              {fresh ? null : next ? (
                <Button href={settingsPath(project.slug, next, true)} onFollow={follow}>
                  {t('content.home.setup.continue', { step: t(`content.steps.${next}`) })}
                </Button>
              ) : (
                <StatusIndicator type="success">{t('content.home.setup.complete')}</StatusIndicator>
              )}
              <RouterLink to={settingsPath(project.slug, 'summary')}>{t('content.home.setup.review')}</RouterLink>
            </SpaceBetween>
          </Container>
          <StrategyGlance
            project={project}
            settings={settings.data}
            voices={voices.data as BrandVoice[] | undefined}
            audiences={audiences.data as Audience[] | undefined}
          />
        </Grid>
        <SlatePanel project={project} workspaceId={workspaceId} settings={settings.data} today={today} />
        <RecentTasks project={project} workspaceId={workspaceId} />
        <LongFormGenerator workspaceId={workspaceId} projectId={project.uid} />
      </SpaceBetween>
    </ContentLayout>
  );
};

type GlanceProps = { project: Project; settings: ContentSettings; voices: BrandVoice[] | undefined; audiences: Audience[] | undefined };

const StrategyGlance = ({ project, settings, voices, audiences }: GlanceProps) => {
  const { t } = useTranslation();
  const notSet = t('content.notSet');
  const link = (text: string | undefined | null, step: Parameters<typeof settingsPath>[1]) => (
    <RouterLink to={settingsPath(project.slug, step)}>{text || notSet}</RouterLink>
  );
  const defaultName = (items: readonly { name: string; is_default: boolean }[] | undefined) => items?.find((item) => item.is_default)?.name ?? items?.[0]?.name;
  return (
    <Container
      fitHeight
      header={
        <Header variant="h2" actions={<RouterLink to={settingsPath(project.slug, 'summary')}>{t('content.home.glance.summary')}</RouterLink>}>
          {t('content.home.glance.header')}
        </Header>
      }
    >
      <KeyValuePairs
        columns={2}
        items={[
          { label: t('content.home.glance.industry'), value: link(settings.industry, 'name-brand') },
          { label: t('content.home.glance.goal'), value: link(settings.goal.primary ? t(`content.goals.${settings.goal.primary}`) : null, 'define-goal') },
          {
            label: t('content.home.glance.output'),
            value: link(settings.output.posts_per_week > 0 ? t('content.home.glance.outputValue', { count: settings.output.posts_per_week }) : null, 'growth-goals'),
          },
          {
            label: t('content.home.glance.platforms'),
            value: link(settings.output.platforms.map((platform) => t(`tasks.platform.${platform}`)).join(', '), 'growth-goals'),
          },
          { label: t('content.home.glance.topics'), value: link(settings.content_pillars.map((pillar) => pillar.name).join(', '), 'content-pillars') },
          { label: t('content.home.glance.voice'), value: link(defaultName(voices), 'brand-voice') },
          { label: t('content.home.glance.audience'), value: link(defaultName(audiences), 'target-audience') },
        ]}
      />
    </Container>
  );
};

const RecentTasks = ({ project, workspaceId }: BrandHomeProps) => {
  const { t } = useTranslation();
  const recent = useRecentTasks(workspaceId, project.uid);
  const tasksPath = `/project/${encodeURIComponent(project.slug)}/tasks`;
  const items = recent.data?.items ?? [];
  return (
    <Container
      header={
        <Header variant="h2" actions={<RouterLink to={tasksPath}>{t('content.home.recent.all')}</RouterLink>}>
          {t('content.home.recent.header')}
        </Header>
      }
    >
      {recent.isPending ? (
        <PageLoader label={t('content.lists.loading')} />
      ) : recent.isError ? (
        <StatusIndicator type="error">{t('content.home.recent.loadFailed')}</StatusIndicator>
      ) : items.length === 0 ? (
        <Box>{t('content.home.recent.empty')}</Box>
      ) : (
        <ul aria-label={t('content.home.recent.label', { name: project.name })} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
          {items.map((task) => (
              <li key={task.uid}>
                <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                  <RouterLink to={`${tasksPath}/${encodeURIComponent(task.uid)}`}>{task.summary}</RouterLink>
                  <TaskStatusBadge status={task.status} />
                  <Box variant="small" color="text-body-secondary">
                    {t('content.home.recent.updated', { date: formatDate(task.updated_at) })}
                  </Box>
                </SpaceBetween>
              </li>
          ))}
        </ul>
      )}
    </Container>
  );
};
