import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../ui/page-loader';
import { useFollow } from '../../../ui/use-follow';
import { useCurrentWorkspace } from '../../workspaces/workspace-store';
import { useProject, useProjectsStore, type Project } from '../project-store';
import { useProjectAdmin } from '../use-project-admin';

export type ProjectAdminGateProps = { slug: string; children: (project: Project, workspaceId: string) => ReactNode };

/**
 * The brand of `slug` for its admins (the server's rule for editing it: a workspace admin, or an owner/admin of
 * the brand): waits while the brands load and the caller's role is asked, says so when there is no such brand or
 * the caller may not edit it. Once found the brand is followed by uid, so a new slug saved here keeps it.
 */
export const ProjectAdminGate = ({ slug, children }: ProjectAdminGateProps) => {
  const { t } = useTranslation();
  const follow = useFollow();
  const workspace = useCurrentWorkspace();
  const status = useProjectsStore((state) => state.status);
  const [pinnedUid, setPinnedUid] = useState<string>();
  const project = useProject(pinnedUid ?? slug);
  const { answer, retry } = useProjectAdmin(project);

  useEffect(() => {
    if (project && pinnedUid !== project.uid) setPinnedUid(project.uid);
  }, [project, pinnedUid]);

  if (!workspace || (!project && (status === 'idle' || status === 'loading'))) return <PageLoader label={t('projects.loading')} heading />;
  const back = (
    <Button href="/dashboard" onFollow={follow}>
      {t('common.goToDashboard')}
    </Button>
  );
  const refusal = (title: string, body: string, action?: ReactNode) => (
    <Container header={<Header variant="h1">{title}</Header>}>
      <SpaceBetween size="s">
        <Box variant="p">{body}</Box>
        <SpaceBetween direction="horizontal" size="xs">
          {action}
          {back}
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
  if (!project && status === 'error') return refusal(t('projects.manage.title'), t('projects.loadFailed'));
  if (!project) return refusal(t('projects.edit.notFoundTitle'), t('projects.edit.notFound', { slug }));
  if (answer === 'checking') return <PageLoader label={t('projects.edit.checking')} heading />;
  if (answer === 'failed') return refusal(project.name, t('projects.edit.checkFailed'), <Button onClick={retry}>{t('projects.retry')}</Button>);
  if (answer === 'no') return refusal(project.name, t('projects.edit.notAdmin'));
  return <>{children(project, workspace.uid)}</>;
};
