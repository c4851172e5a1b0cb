import type { Project } from '#shared/schemas/project';
import { create } from 'zustand';

export type { Project, ProjectPhase } from '#shared/schemas/project';
export type ProjectsStatus = 'idle' | 'loading' | 'loaded' | 'error';

type ProjectsState = {
  /** The current workspace's projects (GET /workspaces/{id}/projects), each with the caller's has_permission. */
  projects: Project[];
  /** Whose projects these are: a switch never shows the previous workspace's brands. */
  workspaceId: string | null;
  status: ProjectsStatus;
  reset: () => void;
};

const initial = { projects: [] as Project[], workspaceId: null as string | null, status: 'idle' as ProjectsStatus };

export const useProjectsStore = create<ProjectsState>()((set) => ({
  ...initial,
  reset: () => set(initial),
}));

/** A project of the list by uid or slug (spec 3: a task's project is resolved locally, never fetched). */
export const findProject = (projects: readonly Project[], uidOrSlug: string | null | undefined): Project | undefined =>
  uidOrSlug ? (projects.find((project) => project.uid === uidOrSlug) ?? projects.find((project) => project.slug === uidOrSlug)) : undefined;

/** The current workspace's project with this uid or slug, if it is loaded. */
export const useProject = (uidOrSlug: string | null | undefined) =>
  useProjectsStore((state) => findProject(state.projects, uidOrSlug));
