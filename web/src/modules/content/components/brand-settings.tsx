import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '#shared/schemas/project';
import { PageLoader } from '../../../ui/page-loader';
import { useContentSettings } from '../content-service';
import type { BrandSettingsPage } from '../setup-steps';
import { ConnectInstagramStep } from '../../connections/components/connect-instagram-step';
import { DriveSettingsStep } from '../../drive/components/drive-settings-step';
import { AiFeedbackStep } from './ai-feedback-step';
import { ContentOutputStep } from './content-output-step';
import { DefineGoalStep } from './define-goal-step';
import { FormatsStep } from './formats-step';
import { AudiencesStep, BrandVoiceStep, InfluencesStep } from './list-steps';
import { NameBrandStep } from './name-brand-step';
import { OffBrandStep } from './off-brand-step';
import { PillarsStep } from './pillars-step';
import type { StepProps } from './step-props';
import { SummaryStep } from './summary-step';
import { SettingsLoadFailed } from './settings-load-failed';

// The charts are a chunk of their own: the other settings pages do not load them.
const AnalyticsStep = lazy(async () => ({ default: (await import('../../analytics/components/analytics-step')).AnalyticsStep }));

const PAGES: Partial<Record<BrandSettingsPage, ComponentType<StepProps>>> = {
  'connect-instagram': ConnectInstagramStep,
  'name-brand': NameBrandStep,
  'growth-goals': ContentOutputStep,
  'define-goal': DefineGoalStep,
  'brand-influences': InfluencesStep,
  'target-audience': AudiencesStep,
  'content-pillars': PillarsStep,
  'content-formats': FormatsStep,
  'off-brand': OffBrandStep,
  summary: SummaryStep,
  'ai-feedback': AiFeedbackStep,
  'google-drive': DriveSettingsStep,
};

export type BrandSettingsProps = {
  project: Project;
  workspaceId: string;
  page: BrandSettingsPage;
  /** The brand-voice generator to show on Brand Voice (the generation module's). */
  voiceGenerator?: ReactNode;
};

/** One brand-setup page with the brand's content settings loaded (waits, or says it could not load, with a retry). */
export const BrandSettings = ({ project, workspaceId, page, voiceGenerator }: BrandSettingsProps) => {
  const { t } = useTranslation();
  const settings = useContentSettings(workspaceId, project.uid);
  if (page === 'analytics') {
    return (
      <Suspense fallback={<PageLoader label={t('analytics.loading')} heading />}>
        <AnalyticsStep project={project} workspaceId={workspaceId} />
      </Suspense>
    );
  }
  if (settings.isPending) return <PageLoader label={t('content.loading')} heading />;
  if (settings.isError) {
    return <SettingsLoadFailed onRetry={() => void settings.refetch()} />;
  }
  const props = { project, workspaceId, settings: settings.data };
  if (page === 'brand-voice') return <BrandVoiceStep {...props} generator={voiceGenerator} />;
  const Page = PAGES[page];
  // Keyed by brand: a form's draft starts from that brand's settings.
  return Page ? <Page key={project.uid} {...props} /> : null;
};
