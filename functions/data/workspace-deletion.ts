import { db } from './db';
import { cancelledOutcome, type GuardedOutcome } from './conditions';
import { exactly } from './exact-ids';
import { purgeProjectIntegrations } from './integrations';
import { purgeProjectConnections } from './connections';
import { purgeProjectContent } from './content';
import { purgeProjectAnalytics } from './analytics';

/**
 * Deletes a workspace in one conditional transaction: the workspace gets its tombstone only if the caller
 * still owns it and it is not deleted yet, and a ConditionCheck makes sure `keep`, another workspace the caller
 * owns, is still live at that moment. So a person deleting two of their workspaces at once keeps one
 * (patterns: workspaceById, workspaceTombstone).
 */
export const tombstoneWorkspace = async (input: { workspaceId: string; ownerId: string; keep: string; deletedAt: string }): Promise<GuardedOutcome> => {
  const { canceled, data } = await db()
    .transaction.write(({ workspace }) => [
      workspace
        .patch({ workspaceId: input.workspaceId })
        .set({ deletedAt: input.deletedAt })
        .where((attr, { eq, notExists }) => `${eq(attr.ownerId, input.ownerId)} AND ${notExists(attr.deletedAt)}`)
        .commit(),
      workspace
        .check({ workspaceId: input.keep })
        .where((attr, { eq, notExists }) => `${eq(attr.ownerId, input.ownerId)} AND ${notExists(attr.deletedAt)}`)
        .commit(),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};

/** Whether the workspace carries its tombstone (pattern: workspaceById): the purge of its files asks first. */
export const isWorkspaceDeleted = async (workspaceId: string): Promise<boolean> => {
  const { data } = await db().entities.workspace.get({ workspaceId }).go({ attributes: ['workspaceId', 'deletedAt'] });
  return exactly(data, { workspaceId })?.deletedAt !== undefined;
};

/**
 * Removes what a deleted workspace leaves behind: memberships, invites, time entries, and projects with their
 * memberships, grants, slug claims, integrations, connections and analytics. Unconditional batch
 * deletes of whatever is still there, so running it again (after a failure half-way) finishes the job; until
 * then the tombstone already hides the workspace from every read (pattern: workspacePurge).
 * New per-workspace entities (projects, tasks…) must be added here.
 */
export const purgeWorkspace = async (workspaceId: string): Promise<void> => {
  const service = db();
  const [{ data: team }, { data: entries }, { data: projects }] = await Promise.all([
    service.collections.team({ workspaceId }).go({ pages: 'all' }),
    service.entities.timeEntry.query.primary({ workspaceId }).go({ pages: 'all' }),
    service.collections.projects({ workspaceId }).go({ pages: 'all' }),
  ]);
  const none = { unprocessed: [] as unknown[] };
  // Before the projects go: a run that fails half-way finds them again next time, and with them their integrations.
  const integrations = await purgeProjectIntegrations(workspaceId, projects.project.map(({ projectId }) => projectId));
  if (integrations.unprocessed.length) throw new Error(`Purge of workspace ${workspaceId} left ${integrations.unprocessed.length} integrations; run it again`);
  // The brands' connected accounts, with their sealed tokens.
  const connections = await purgeProjectConnections(workspaceId, projects.project.map(({ projectId }) => projectId));
  if (connections.unprocessed.length) throw new Error(`Purge of workspace ${workspaceId} left ${connections.unprocessed.length} connections; run it again`);
  // The brands' content stores (voices, assistants, settings, feedback…), also before the projects that find them.
  const content = await purgeProjectContent(workspaceId, projects.project.map(({ projectId }) => projectId));
  if (content) throw new Error(`Purge of workspace ${workspaceId} left ${content} content items; run it again`);
  // The brands' synced account snapshots and post metrics.
  const analytics = await purgeProjectAnalytics(workspaceId, projects.project.map(({ projectId }) => projectId));
  if (analytics) throw new Error(`Purge of workspace ${workspaceId} left ${analytics} analytics items; run it again`);
  const results = await Promise.all([
    team.member.length ? service.entities.member.delete(team.member.map(({ userId }) => ({ workspaceId, userId }))).go({ concurrency: 4 }) : none,
    team.invite.length ? service.entities.invite.delete(team.invite.map(({ email }) => ({ workspaceId, email }))).go({ concurrency: 4 }) : none,
    entries.length ? service.entities.timeEntry.delete(entries.map(({ entryId }) => ({ workspaceId, entryId }))).go({ concurrency: 4 }) : none,
    projects.projectMember.length
      ? service.entities.projectMember.delete(projects.projectMember.map(({ projectId, userId }) => ({ workspaceId, projectId, userId }))).go({ concurrency: 4 })
      : none,
    projects.projectGrant.length
      ? service.entities.projectGrant.delete(projects.projectGrant.map(({ userId }) => ({ workspaceId, userId }))).go({ concurrency: 4 })
      : none,
    projects.project.length ? service.entities.projectSlug.delete(projects.project.map(({ slug }) => ({ workspaceId, slug }))).go({ concurrency: 4 }) : none,
    projects.project.length ? service.entities.project.delete(projects.project.map(({ projectId }) => ({ workspaceId, projectId }))).go({ concurrency: 4 }) : none,
  ]);
  const left = results.reduce((sum, result) => sum + result.unprocessed.length, 0);
  if (left) throw new Error(`Purge of workspace ${workspaceId} left ${left} items; run it again`);
};
