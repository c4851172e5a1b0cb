import type { Project, UpdateProjectBody } from '#shared/schemas/project';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { ProjectChanges, ProjectItem, ProjectMemberItem, SlugWriteOutcome } from '#data/projects';
import type { Clock } from '../clock';
import { toProjectWithCover, type SignDownload } from './project-rules';

export type UpdateProjectDeps = {
  clock: Clock;
  getProjectAndMember: (ctx: WorkspaceContext, projectId: string, userId: string) => Promise<{ project?: ProjectItem; member?: ProjectMemberItem }>;
  updateProjectTransaction: (current: ProjectItem, changes: ProjectChanges) => Promise<SlugWriteOutcome>;
  signDownload: SignDownload;
  retryTiming?: RetryTiming;
};

/** The stored changes an edit asks for; an empty shopify_site removes it. */
export const changesOf = (input: UpdateProjectBody, now: Date): ProjectChanges => ({
  ...(input.name !== undefined ? { name: input.name } : {}),
  ...(input.slug !== undefined ? { slug: input.slug } : {}),
  ...(input.phase !== undefined ? { phase: input.phase } : {}),
  ...(input.shopify_site !== undefined ? { shopifySite: input.shopify_site || null } : {}),
  updatedAt: now.toISOString(),
});

const applied = (item: ProjectItem, changes: ProjectChanges): ProjectItem => {
  const { shopifySite, ...rest } = changes;
  const next: ProjectItem = { ...item, ...rest };
  if (shopifySite === null) delete next.shopifySite;
  else if (shopifySite !== undefined) next.shopifySite = shopifySite;
  return next;
};

/**
 * Edits a project (Manage Project); who may is the route table's `projectRole: 'admin'`. A new slug
 * must be free in the workspace (project_slug_taken), claimed and released in the same transaction as the edit.
 * When the project changed under us (stale) or a racing write cancelled ours (conflict), read again and retry.
 */
export const updateProject = async (deps: UpdateProjectDeps, ctx: WorkspaceContext, projectId: string, input: UpdateProjectBody): Promise<Project> =>
  retry(
    async () => {
      const { project } = await deps.getProjectAndMember(ctx, projectId, ctx.userId);
      if (!project) throw new DomainError('project_not_found');
      const changes = changesOf(input, deps.clock());
      const outcome = await deps.updateProjectTransaction(project, changes);
      if (outcome === 'done') return toProjectWithCover(deps.signDownload, applied(project, changes), true);
      if (outcome === 'taken') throw new DomainError('project_slug_taken');
      return RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
