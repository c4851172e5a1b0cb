import { useQuery } from '@tanstack/react-query';
import { TASK_STATUSES } from '#shared/schemas/task';
import type { Project } from '#shared/schemas/project';
import { api } from '../../api/client';
import { connectionKeys, listConnections } from '../connections/connection-service';
import { useContentItems, useContentSettings } from '../content/content-service';
import { doneSteps } from '../content/setup-progress';
import { useProjectsStore } from '../projects/project-store';
import { useOnboardingState } from '../try/try-api';
import type { OnboardingFacts } from './onboarding-facts';

const ALL_STATUSES = TASK_STATUSES.join(',');
const NO_PROJECTS: readonly Project[] = [];

/** The wizard is done once the first brand's strategy is complete: its Summary step counts as done (setup-progress). */
const useWizardDone = (workspaceId: string, project: Project | undefined): boolean | undefined => {
  const settings = useContentSettings(workspaceId, project?.uid);
  const voices = useContentItems(project?.uid, 'brand-voices');
  const audiences = useContentItems(project?.uid, 'audiences');
  const influences = useContentItems(project?.uid, 'influences');
  if (!project) return false;
  if (!settings.data || !voices.data || !audiences.data || !influences.data) return undefined;
  return doneSteps({ settings: settings.data, voices: voices.data.length, audiences: audiences.data.length, influences: influences.data.length, feedback: 0 }).has('summary');
};

/**
 * The checklist's facts for the current workspace, each from the workspace's own data (read fresh on each visit)
 * but the two the person keeps on their profile.
 */
export const useOnboardingFacts = (workspaceId: string, canReadTeam: boolean): { facts: OnboardingFacts; firstProject: Project | undefined } => {
  // Two plain selections: a selector that builds a new [] would be a new snapshot on every render.
  const storedProjects = useProjectsStore((state) => state.projects);
  const projectsOf = useProjectsStore((state) => state.workspaceId);
  const projects = projectsOf === workspaceId ? storedProjects : NO_PROJECTS;
  const firstProject = projects[0];
  const tasks = useQuery({
    queryKey: ['onboarding', workspaceId, 'tasks'],
    queryFn: ({ signal }) => api.call('listTasks', { params: { workspaceId }, query: { status: ALL_STATUSES, limit: '1' }, signal, notify: false }),
    staleTime: 0,
  });
  const team = useQuery({
    queryKey: ['onboarding', workspaceId, 'team'],
    queryFn: ({ signal }) => api.call('listTeam', { params: { workspaceId }, signal, notify: false }),
    enabled: canReadTeam,
    staleTime: 0,
  });
  const connections = useQuery({
    queryKey: connectionKeys.list(workspaceId, firstProject?.uid ?? ''),
    queryFn: ({ signal }) => listConnections({ workspaceId, projectId: firstProject?.uid as string }, signal),
    enabled: !!firstProject,
    staleTime: 0,
  });
  const stored = useOnboardingState();
  const wizardDone = useWizardDone(workspaceId, firstProject);
  return {
    firstProject,
    facts: {
      brands: projects.length,
      tasks: tasks.data?.items.length,
      team: team.data?.length,
      wizardDone,
      connected: firstProject ? connections.data?.items.some((item) => item.state === 'connected') : false,
      stored: stored.data,
    },
  };
};
