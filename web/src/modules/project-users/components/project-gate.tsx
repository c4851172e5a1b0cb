import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageLoader } from '../../../ui/page-loader';
import { useFollow } from '../../../ui/use-follow';
import { RequestAccessButton } from '../../projects/components/request-access-button';
import { useProject, useProjectsStore, type Project } from '../../projects/project-store';
import { useCurrentWorkspace } from '../../workspaces/workspace-store';

export type ProjectGateProps = { children: (project: Project, workspaceId: string) => ReactNode };

/**
 * The brand of the route's slug, resolved locally from the workspace's projects (spec 3): waits while they load,
 * says so when there is no such brand, and offers "Request access" for one the caller cannot open.
 */
export const ProjectGate = ({ children }: ProjectGateProps) => {
  const { t } = useTranslation();
  const follow = useFollow();
  const { projectSlug } = useParams();
  const workspace = useCurrentWorkspace();
  const project = useProject(projectSlug);
  const status = useProjectsStore((state) => state.status);

  if (!workspace || (!project && (status === 'idle' || status === 'loading'))) return <PageLoader label={t('projects.loading')} heading />;
  const back = (
    <Button href="/dashboard" onFollow={follow}>
      {t('common.goToDashboard')}
    </Button>
  );
  if (!project) {
    return (
      <Container header={<Header variant="h1">{t('projectUsers.notFoundTitle')}</Header>}>
        <SpaceBetween size="s">
          <Box variant="p">{t('errors.project_not_found')}</Box>
          {back}
        </SpaceBetween>
      </Container>
    );
  }
  if (!project.has_permission) {
    return (
      <Container header={<Header variant="h1">{project.name}</Header>}>
        <SpaceBetween size="s">
          <Box variant="p">{t('projects.noAccess')}</Box>
          <SpaceBetween direction="horizontal" size="xs">
            <RequestAccessButton workspaceId={workspace.uid} project={project} />
            {back}
          </SpaceBetween>
        </SpaceBetween>
      </Container>
    );
  }
  return <>{children(project, workspace.uid)}</>;
};
