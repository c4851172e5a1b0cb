import type { CreateProjectBody, Project } from '#shared/schemas/project';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { ProjectItem, SlugWriteOutcome } from '#data/projects';
import type { Clock } from '../clock';
import { slugify } from '#shared/slugify';
import { toProject } from './project-rules';

export type CreateProjectDeps = {
  clock: Clock;
  newProjectId: (now: Date) => string;
  createProjectTransaction: (project: ProjectItem) => Promise<SlugWriteOutcome>;
  retryTiming?: RetryTiming;
};

/** The slug a project gets: the one given, else derived from the name (which must then yield one). */
export const slugFor = (input: { name: string; slug?: string }): string => {
  if (input.slug) return input.slug;
  const derived = slugify(input.name);
  if (!derived) throw new ValidationError('name', 'name must contain a letter or a digit to make the brand address');
  return derived;
};

/**
 * Creates a project (brand) owned by the caller. The slug is unique in the workspace: the project and its slug
 * claim commit in one transaction, so of two creates with one slug exactly one succeeds and the other is
 * project_slug_taken. A transaction cancelled by a racing one is retried (it then sees the claim).
 */
export const createProject = async (deps: CreateProjectDeps, ctx: WorkspaceContext, input: CreateProjectBody): Promise<Project> => {
  const slug = slugFor(input);
  const now = deps.clock();
  const item: ProjectItem = {
    workspaceId: ctx.workspaceId,
    projectId: deps.newProjectId(now),
    name: input.name,
    slug,
    ...(input.shopify_site ? { shopifySite: input.shopify_site } : {}),
    phase: input.phase ?? 'active',
    ownerId: ctx.userId,
    integrations: [],
    createdAt: now.toISOString(),
  };
  return retry(
    async () => {
      const outcome = await deps.createProjectTransaction(item);
      if (outcome === 'done') return toProject(item, true);
      if (outcome === 'taken') throw new DomainError('project_slug_taken');
      return RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
};
