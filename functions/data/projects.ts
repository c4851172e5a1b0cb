import type { ProjectPhase, ProjectRole } from '#shared/schemas/project';
import type { WorkspaceContext } from '#lib/context';
import { retry, RETRY } from '#lib/retry';
import { db } from './db';
import { exactly } from './exact-ids';
import { cancelledOutcome, unlessRefused } from './conditions';
import { directoryAppend, directoryChange, grantChange, readStoredDirectory, refOf, withProject } from './project-directory';

export type ProjectItem = {
  workspaceId: string;
  projectId: string;
  name: string;
  slug: string;
  shopifySite?: string;
  coverUrl?: string;
  phase: ProjectPhase;
  ownerId: string;
  integrations?: { type: string; uid: string }[];
  createdAt: string;
  updatedAt?: string;
};
export type ProjectMemberItem = {
  workspaceId: string;
  projectId: string;
  userId: string;
  role: ProjectRole;
  status: 'requested' | 'granted';
  grantedBy?: string;
  updatedAt: string;
};

/** How a slug-claiming transaction ended: `taken` the slug is claimed; `conflict` a racing write, read and retry. */
export type SlugWriteOutcome = 'done' | 'taken' | 'stale' | 'conflict';

const outcomeOf = (reasons: readonly ({ code?: string } | null | undefined)[], slugIndex: number | undefined): SlugWriteOutcome => {
  if (reasons.some((r) => r?.code === 'TransactionConflict')) return 'conflict';
  if (slugIndex !== undefined && reasons[slugIndex]?.code === 'ConditionalCheckFailed') return 'taken';
  if (reasons.some((r) => r?.code === 'ConditionalCheckFailed')) return 'stale';
  throw new Error(`Project transaction cancelled: ${reasons.map((r) => r?.code ?? 'None').join(', ')}`);
};

/**
 * The workspace's projects and every project membership in one Query of the `projects` collection
 * (pattern: projectsOfWorkspace).
 */
export const listProjectsWithMembers = async (ctx: WorkspaceContext): Promise<{ projects: ProjectItem[]; members: ProjectMemberItem[] }> => {
  const { data } = await db().collections.projects({ workspaceId: ctx.workspaceId }).go({ pages: 'all' });
  return { projects: data.project as ProjectItem[], members: data.projectMember as ProjectMemberItem[] };
};

/** One project and one person's membership of it in one TransactGetItems (pattern: projectWithMember). */
export const getProjectAndMember = async (
  ctx: WorkspaceContext,
  projectId: string,
  userId: string,
): Promise<{ project?: ProjectItem; member?: ProjectMemberItem }> => {
  const { data } = await db()
    .transaction.get(({ project, projectMember }) => [
      project.get({ workspaceId: ctx.workspaceId, projectId }).commit(),
      projectMember.get({ workspaceId: ctx.workspaceId, projectId, userId }).commit(),
    ])
    .go();
  const project = (data[0]?.item ?? undefined) as ProjectItem | undefined;
  const member = (data[1]?.item ?? undefined) as ProjectMemberItem | undefined;
  return {
    project: exactly(project, { workspaceId: ctx.workspaceId, projectId }),
    member: exactly(member, { workspaceId: ctx.workspaceId, projectId, userId }),
  };
};

/**
 * Creates the project, its slug claim (attribute_not_exists), the creator's owner membership and grant, and the
 * project's directory entry in one TransactWriteItems (pattern: createProjectWithSlug). Two creates with one
 * slug: exactly one commits. A workspace that gained or lost its directory since it was read cancels it ('stale').
 */
export const createProjectTransaction = async (project: ProjectItem): Promise<SlugWriteOutcome> => {
  const { workspaceId, projectId, slug } = project;
  const stored = await readStoredDirectory(workspaceId);
  const { canceled, data } = await db()
    .transaction.write(({ project: projects, projectSlug, projectMember, projectGrant, workspace }) => [
      projectSlug.create({ workspaceId, slug, projectId }).commit(),
      projects.create(project).commit(),
      projectMember
        .create({ workspaceId, projectId, userId: project.ownerId, role: 'owner', status: 'granted', grantedBy: project.ownerId, updatedAt: project.createdAt })
        .commit(),
      grantChange(projectGrant, workspaceId, project.ownerId, projectId, 'add'),
      directoryAppend(workspace, workspaceId, stored !== undefined, refOf(project)),
    ])
    .go();
  return canceled ? outcomeOf(data, 0) : 'done';
};

export type ProjectChanges = Partial<Pick<ProjectItem, 'name' | 'slug' | 'phase'>> & { shopifySite?: string | null; updatedAt: string };

/**
 * Edits a project. With a new slug, in one TransactWriteItems (pattern: updateProjectSlug): the new claim is
 * created (attribute_not_exists), the old one deleted (only if it is this project's), and the project patched
 * only if its slug is still the one read. A new name or slug changes the project's directory entry in the same
 * transaction. A change of neither is one UpdateItem (pattern: projectUpdate).
 */
export const updateProjectTransaction = async (current: ProjectItem, changes: ProjectChanges): Promise<SlugWriteOutcome> => {
  const { workspaceId, projectId } = current;
  const { shopifySite, name, slug: newSlug, phase, updatedAt } = changes;
  // One update expression: each asked-for field set, an emptied shopify_site removed.
  const apply = (a: any, { set, remove }: any) => {
    if (name !== undefined) set(a.name, name);
    if (newSlug !== undefined) set(a.slug, newSlug);
    if (phase !== undefined) set(a.phase, phase);
    if (shopifySite === null) remove(a.shopifySite);
    else if (shopifySite !== undefined) set(a.shopifySite, shopifySite);
    set(a.updatedAt, updatedAt);
  };
  const slugChanges = !!newSlug && newSlug !== current.slug;
  const renamed = refOf({ projectId, name: name ?? current.name, slug: newSlug ?? current.slug });
  if (!slugChanges && renamed.name === current.name) {
    return unlessRefused(async () => {
      await db()
        .entities.project.patch({ workspaceId, projectId })
        .data(apply)
        .where(({ slug }, { eq }) => eq(slug, current.slug))
        .go();
      return 'done' as const;
    }, 'stale');
  }
  const stored = await readStoredDirectory(workspaceId);
  const { canceled, data } = await db()
    .transaction.write(({ project, projectSlug, workspace }) => [
      ...(slugChanges
        ? [
            projectSlug.create({ workspaceId, slug: newSlug, projectId }).commit(),
            projectSlug
              .delete({ workspaceId, slug: current.slug })
              .where(({ projectId: owner }, { eq }) => eq(owner, projectId))
              .commit(),
          ]
        : []),
      project
        .patch({ workspaceId, projectId })
        .data(apply)
        .where(({ slug }, { eq }) => eq(slug, current.slug))
        .commit(),
      directoryChange(workspace, workspaceId, stored, (projects) => withProject(projects, renamed)),
    ])
    .go();
  return canceled ? outcomeOf(data, slugChanges ? 0 : undefined) : 'done';
};

/** Records a request for access unless the person already has a membership (pattern: projectMembership). */
export const putAccessRequest = async (ctx: WorkspaceContext, projectId: string, now: string): Promise<boolean> => {
  return unlessRefused(async () => {
    await db()
      .entities.projectMember.create({ workspaceId: ctx.workspaceId, projectId, userId: ctx.userId, role: 'member', status: 'requested', updatedAt: now })
      .go();
    return true;
  }, false);
};

/**
 * Grants a person access: their membership becomes granted, keeping a role they already hold, and the project
 * joins their grants in the same transaction (patterns: projectMembership, projectGrantsOfMember). Answers the
 * membership as written.
 */
export const grantAccess = async (
  ctx: WorkspaceContext,
  projectId: string,
  userId: string,
  role: ProjectRole,
  now: string,
): Promise<ProjectMemberItem> => {
  const item = { workspaceId: ctx.workspaceId, projectId, userId, role, status: 'granted' as const, grantedBy: ctx.userId, updatedAt: now };
  return retry(
    async () => {
      const { canceled, data } = await db()
        .transaction.write(({ projectMember, projectGrant }) => [
          projectMember.put(item).commit(),
          grantChange(projectGrant, ctx.workspaceId, userId, projectId, 'add'),
        ])
        .go();
      return canceled && cancelledOutcome(data) === 'conflict' ? RETRY : item;
    },
    { exhausted: 'service_busy' },
  );
};
