import type { Project } from '#shared/schemas/project';
import { useMemo } from 'react';
import { StepFrame, useWizardMode } from '../../content/components/step-frame';
import { settingsPath } from '../../content/setup-steps';
import { emptyReason } from '../analytics-model';
import { AnalyticsView, useAnalyticsPage } from './analytics-view';

export type AnalyticsStepProps = { project: Project; workspaceId: string };

/**
 * /project/{slug}/analytics: the brand's analytics as a settings page, or as the wizard's second step (Back, and
 * Continue once there is something to see, Skip before the first sync).
 */
export const AnalyticsStep = ({ project, workspaceId }: AnalyticsStepProps) => {
  const wizard = useWizardMode();
  const brand = useMemo(() => ({ workspaceId, projectId: project.uid }), [workspaceId, project.uid]);
  const page = useAnalyticsPage(brand);
  const empty = page.query.data ? !!emptyReason(page.query.data) : true;
  return (
    <StepFrame project={project} step="analytics" bare unavailable={empty}>
      <AnalyticsView {...page} connectHref={settingsPath(project.slug, 'connect-instagram', wizard)} />
    </StepFrame>
  );
};
