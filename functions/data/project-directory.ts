import type { ProjectDirectory, ProjectRef, WorkspaceContext } from '#lib/context';
import { db } from './db';
import type { DataService } from './entities';
import { allExactly, exactly } from './exact-ids';
import { unlessRefused } from './conditions';
import type { ProjectItem, ProjectMemberItem } from './projects';

/**
 * The project directory: the workspace item lists every project (id, name, slug) and a projectGrant item per
 * person lists the projects they hold a granted membership of. The wrapper reads both with the membership in its
 * one TransactGetItems, so a list knows which brands the caller may open, and their names, without a Query of
 * the projects. Every write that changes a project's name or slug, or a grant, changes the directory in the
 * same transaction (functions/data/projects.ts, project-users.ts). A workspace made before the directory has
 * none until `npm run reconcile-project-directory` builds it; readers query the projects meanwhile.
 */

/** The entities as a write transaction hands them (their operations end in `.commit()`). */
type Entities = Parameters<Parameters<DataService['transaction']['write']>[0]>[0];

/** A workspace's directory as stored, with the version a write must find; undefined: the workspace has none yet. */
export type StoredDirectory = { projects: ProjectRef[]; version: number } | undefined;

export const refOf = ({ projectId, name, slug }: Pick<ProjectItem, 'projectId' | 'name' | 'slug'>): ProjectRef => ({ projectId, name, slug });

/** The directory with this project's entry replaced, or appended when it is new. */
export const withProject = (projects: readonly ProjectRef[], ref: ProjectRef): ProjectRef[] =>
  projects.some((p) => p.projectId === ref.projectId) ? projects.map((p) => (p.projectId === ref.projectId ? ref : p)) : [...projects, ref];

/** The directory a workspace holds now (a strongly consistent read: a write builds on it). */
export const readStoredDirectory = async (workspaceId: string): Promise<StoredDirectory> => {
  const { data } = await db().entities.workspace.get({ workspaceId }).go({ consistent: true });
  const item = exactly(data, { workspaceId });
  return item?.projectDirectory ? { projects: item.projectDirectory, version: item.projectDirectoryVersion ?? 0 } : undefined;
};

/**
 * The transaction item that keeps the directory in line with a project write: the directory read, changed, and
 * written only if it is still the one read (else the transaction is cancelled and the caller reads again). A
 * workspace without a directory is checked to still have none, so a write racing the reconcile that builds it
 * cannot leave its project out.
 */
export const directoryChange = (workspace: Entities['workspace'], workspaceId: string, stored: StoredDirectory, change: (projects: readonly ProjectRef[]) => ProjectRef[]) =>
  stored
    ? workspace
        .patch({ workspaceId })
        .set({ projectDirectory: change(stored.projects), projectDirectoryVersion: stored.version + 1 })
        .where(({ projectDirectoryVersion }, { eq }) => eq(projectDirectoryVersion, stored.version))
        .commit()
    : workspace
        .check({ workspaceId })
        .where(({ projectDirectory }, { notExists }) => notExists(projectDirectory))
        .commit();

/**
 * The transaction item that adds a new project to the directory: appended (and the version moved on, so a rename
 * decided on the older list is refused) without a read-modify-write, so creates racing each other do not cancel
 * one another. A workspace without a directory is checked to still have none, as in directoryChange.
 */
export const directoryAppend = (workspace: Entities['workspace'], workspaceId: string, hasDirectory: boolean, ref: ProjectRef) =>
  hasDirectory
    ? workspace
        .patch({ workspaceId })
        .append({ projectDirectory: [ref] })
        .add({ projectDirectoryVersion: 1 })
        .where(({ projectDirectory }, { exists }) => exists(projectDirectory))
        .commit()
    : workspace
        .check({ workspaceId })
        .where(({ projectDirectory }, { notExists }) => notExists(projectDirectory))
        .commit();

/** The transaction item that adds (or takes away) one project of a person's grants. */
export const grantChange = (projectGrant: Entities['projectGrant'], workspaceId: string, userId: string, projectId: string, change: 'add' | 'delete') =>
  change === 'add'
    ? projectGrant.update({ workspaceId, userId }).add({ projectIds: [projectId] }).commit()
    : projectGrant.update({ workspaceId, userId }).delete({ projectIds: [projectId] }).commit();

/** The directory of a stored workspace and the caller's grants item, as the wrapper reads them. */
export const directoryOf = (
  workspace: { projectDirectory?: ProjectRef[] } | undefined,
  grant: { projectIds?: string[] } | undefined,
): ProjectDirectory | undefined =>
  workspace?.projectDirectory ? { projects: workspace.projectDirectory.map(refOf), granted: grant?.projectIds ?? [] } : undefined;

/**
 * The workspace's projects and the caller's grants: the directory the wrapper read with the membership (no
 * request), else (a workspace without one) from one Query of the projects collection. `requests`: DynamoDB
 * requests this took.
 */
export const projectDirectory = async (ctx: WorkspaceContext): Promise<ProjectDirectory & { requests: number }> => {
  if (ctx.directory) return { ...ctx.directory, requests: 0 };
  const { data } = await db().collections.projects({ workspaceId: ctx.workspaceId }).go({ pages: 'all' });
  const projects = allExactly(data.project as ProjectItem[], { workspaceId: ctx.workspaceId });
  const mine = allExactly(data.projectMember as ProjectMemberItem[], { workspaceId: ctx.workspaceId, userId: ctx.userId });
  return { projects: projects.map(refOf), granted: mine.filter((m) => m.status === 'granted').map((m) => m.projectId), requests: 1 };
};

export type DirectoryReport = { workspaces: number; written: number; unsettled: string[] };

/** Reads and fixes of one workspace before it is left as unsettled (it kept changing under the reconcile). */
const ROUNDS = 5;

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
const sameDirectory = (a: readonly ProjectRef[], b: readonly ProjectRef[]) => {
  const byId = new Map(a.map((p) => [p.projectId, p]));
  return a.length === b.length && b.every((p) => byId.get(p.projectId)?.name === p.name && byId.get(p.projectId)?.slug === p.slug);
};

/**
 * Brings one workspace's directory in line with its projects and project memberships: reads them (strongly
 * consistent), writes what differs, and reads again until a read finds nothing to write. Grants are settled
 * before the directory is written, and the directory write is guarded by its version (or its absence), so a
 * project write racing the reconcile is either seen by the next read or cancelled and redone by its own retry.
 * Answers the writes made, or 'unsettled'.
 */
export const reconcileWorkspaceDirectory = async (service: DataService, workspaceId: string): Promise<number | 'unsettled'> => {
  let written = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const [{ data }, { data: workspace }] = await Promise.all([
      service.collections.projects({ workspaceId }).go({ pages: 'all', consistent: true }),
      service.entities.workspace.get({ workspaceId }).go({ consistent: true }),
    ]);
    if (!exactly(workspace, { workspaceId }) || workspace?.deletedAt) return written;
    const projects = allExactly(data.project as ProjectItem[], { workspaceId });
    const wanted = new Map<string, string[]>();
    for (const m of allExactly(data.projectMember as ProjectMemberItem[], { workspaceId })) {
      if (m.status === 'granted') wanted.set(m.userId, [...(wanted.get(m.userId) ?? []), m.projectId]);
    }
    const stored = new Map(allExactly(data.projectGrant, { workspaceId }).map((g) => [g.userId, g.projectIds ?? []]));
    const grantFixes = [...new Set([...wanted.keys(), ...stored.keys()])].filter((userId) => !sameIds(wanted.get(userId) ?? [], stored.get(userId) ?? []));
    if (grantFixes.length) {
      await Promise.all(
        grantFixes.map((userId) => {
          const projectIds = wanted.get(userId);
          return projectIds
            ? service.entities.projectGrant.put({ workspaceId, userId, projectIds }).go({ response: 'none' })
            : service.entities.projectGrant.delete({ workspaceId, userId }).go({ response: 'none' });
        }),
      );
      written += grantFixes.length;
      continue;
    }
    const directory = projects.map(refOf);
    if (workspace!.projectDirectory && sameDirectory(workspace!.projectDirectory, directory)) return written;
    const version = workspace!.projectDirectoryVersion;
    const landed = await unlessRefused(async () => {
      await service.entities.workspace
        .patch({ workspaceId })
        .set({ projectDirectory: directory, projectDirectoryVersion: (version ?? 0) + 1 })
        .where(({ projectDirectory, projectDirectoryVersion }, { eq, notExists }) =>
          workspace!.projectDirectory ? eq(projectDirectoryVersion, version ?? 0) : notExists(projectDirectory),
        )
        .go({ response: 'none' });
      return true;
    }, false);
    if (landed) written++;
  }
  return 'unsettled';
};

/**
 * Ops only (scripts/reconcile-project-directory.ts): every live workspace's directory in line with its projects.
 * One Scan of the workspaces, then per workspace the reads and writes of reconcileWorkspaceDirectory. Idempotent
 * and safe beside live traffic.
 */
export const reconcileProjectDirectories = async (service: DataService, onWorkspace?: (report: DirectoryReport) => void): Promise<DirectoryReport> => {
  const report: DirectoryReport = { workspaces: 0, written: 0, unsettled: [] };
  let cursor: string | null = null;
  do {
    const page: { data: { workspaceId: string; deletedAt?: string }[]; cursor: string | null } = await service.entities.workspace.scan.go({ cursor, pages: 1 });
    for (const { workspaceId, deletedAt } of page.data) {
      if (deletedAt) continue;
      const outcome = await reconcileWorkspaceDirectory(service, workspaceId);
      report.workspaces++;
      if (outcome === 'unsettled') report.unsettled.push(workspaceId);
      else report.written += outcome;
      onWorkspace?.(report);
    }
    cursor = page.cursor;
  } while (cursor);
  return report;
};
