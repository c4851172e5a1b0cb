import {
  brandFolderName,
  DRIVE_SUBFOLDERS,
  taskFolderName,
  type DriveFolder,
  type DriveFolderKey,
  type DriveFolders,
  type DriveFolderState,
  type DriveState,
  type TaskDriveFolders,
} from '#shared/schemas/drive';
import type { Task, UpdateTaskBody } from '#shared/schemas/task';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { Call, ProviderFailure } from '#lib/providers/social';
import type { BrandRef } from '#data/content';
import type { OpenedTask } from '../tasks/open-task';

/**
 * A brand's Google Drive folders (issue 14): the brand's folder (named after the brand) with `raw` and `final`
 * inside, and per task a folder `#<number> <summary>` in each of those, linked in the task's Drive links.
 *
 * The app holds only the `drive.file` scope, so Drive shows it just the folders it made itself: a folder the app made
 * before is found again by name under its parent (a stored id lost or its item recreated), one trashed or deleted
 * is made anew. Every Drive call runs inside the connection's tokens (renewed first when expiring; a refused token
 * marks the connection as needing a reconnect).
 */

/** One provider call's answer: ok with a value, or a classified failure. */
export type DriveCall<T> = Call<T>;

/** The Drive client's calls this uses (#lib/providers/drive's driveClient). A trashed folder reads as undefined. */
export type DriveApi = {
  findFolder: (input: { name: string; parentId?: string }) => Promise<DriveCall<DriveFolder | undefined>>;
  createFolder: (input: { name: string; parentId?: string }) => Promise<DriveCall<DriveFolder>>;
  getFolder: (id: string) => Promise<DriveCall<DriveFolder | undefined>>;
};

/** What this reads of a brand's Drive connection item. */
export type DriveConnection = { state: string; folders?: DriveFolders };

export type DriveDeps<C extends DriveConnection> = {
  getConnection: (brand: BrandRef) => Promise<C | undefined>;
  /** Runs `work` with a Drive client on the connection's tokens (connections' withConnectionTokens + driveClient). */
  withDrive: <T>(connection: C, work: (drive: DriveApi) => Promise<DriveCall<T>>) => Promise<DriveCall<T>>;
  /** Stores the folders on the connection read (conditional on its version: 'stale' when it changed since). */
  saveFolders: (connection: C, folders: DriveFolders) => Promise<'done' | 'stale'>;
  /** The brand's name (its folder's name); undefined when the brand is gone. */
  brandName: (brand: BrandRef) => Promise<string | undefined>;
};

const STATES: readonly DriveState[] = ['pending_oauth', 'connected', 'needs_reconnect'];
const stateOf = (connection: DriveConnection | undefined): DriveState =>
  connection && (STATES as readonly string[]).includes(connection.state) ? (connection.state as DriveState) : 'not_connected';

/** A failed Drive call as the catalogue says it: reconnect, busy, or the provider's fault. */
const driveFailure = (failure: { unauthorized?: boolean; rateLimited?: boolean; status?: number }) => {
  if (failure.unauthorized) return new DomainError('drive_needs_reconnect');
  if (failure.rateLimited || failure.status === 429) return new DomainError('drive_rate_limited');
  return new DomainError('drive_error');
};

/** Short-circuits a sequence of Drive calls on the first failure (the failure is the sequence's answer). */
class Stop {
  constructor(readonly failure: ProviderFailure) {}
}
const must = async <T>(call: Promise<DriveCall<T>>): Promise<T> => {
  const answer = await call;
  if (!answer.ok) throw new Stop(answer);
  return answer.value;
};
/** Runs a sequence of calls as one DriveCall, so withDrive sees a refused token whichever call met it. */
const sequence = async <T>(steps: () => Promise<T>): Promise<DriveCall<T>> => {
  try {
    return { ok: true, value: await steps() };
  } catch (error) {
    if (error instanceof Stop) return error.failure;
    throw error;
  }
};

/** The connection to work with: there and connected (else drive_not_connected / drive_needs_reconnect). */
const connectedDrive = <C extends DriveConnection>(connection: C | undefined): C => {
  const state = stateOf(connection);
  if (state === 'needs_reconnect') throw new DomainError('drive_needs_reconnect');
  if (state !== 'connected' || !connection) throw new DomainError('drive_not_connected');
  return connection;
};

/** Runs Drive work on the connection; a failure becomes the catalogue's error. */
const onDrive = async <C extends DriveConnection, T>(deps: DriveDeps<C>, connection: C, work: (drive: DriveApi) => Promise<T>): Promise<T> => {
  const answer = await deps.withDrive(connection, (drive) => sequence(() => work(drive)));
  if (!answer.ok) throw driveFailure(answer);
  return answer.value;
};

/** The folder `name` under `parentId`: the stored one while Drive still has it, else the app's earlier one, else a new one. */
const keepOrMake = async (drive: DriveApi, stored: DriveFolder | undefined, name: string, parentId?: string): Promise<DriveFolder> => {
  const kept = stored ? await must(drive.getFolder(stored.id)) : undefined;
  if (kept) return kept;
  return (await must(drive.findFolder({ name, parentId }))) ?? (await must(drive.createFolder({ name, parentId })));
};

/** The brand's three folders on Drive, made where missing (the stored ones checked first). */
const brandFolders = async (drive: DriveApi, name: string, stored: DriveFolders | undefined): Promise<DriveFolders> => {
  const root = await keepOrMake(drive, stored?.root, name);
  // Subfolders are kept only under the same root: a root made anew gets its own raw and final.
  const under = stored && stored.root.id === root.id ? stored : undefined;
  const [raw, final] = await Promise.all(DRIVE_SUBFOLDERS.map((sub) => keepOrMake(drive, under?.[sub], sub, root.id)));
  return { root, raw, final };
};

const sameFolders = (a: DriveFolders | undefined, b: DriveFolders) =>
  !!a && (['root', 'raw', 'final'] as const).every((key) => a[key].id === b[key].id && a[key].name === b[key].name && a[key].url === b[key].url);

/** How often a version race on the connection (a token renewal or another write landing first) is read again. */
const SAVE_ATTEMPTS = 3;

/** Stores the folders on the connection, re-read when a write (e.g. a token renewal during the calls) landed first. */
const storeFolders = async <C extends DriveConnection>(deps: DriveDeps<C>, brand: BrandRef, folders: DriveFolders) => {
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const current = await deps.getConnection(brand);
    if (stateOf(current) !== 'connected' || !current) throw new DomainError(stateOf(current) === 'needs_reconnect' ? 'drive_needs_reconnect' : 'drive_not_connected');
    if (sameFolders(current.folders, folders)) return;
    if ((await deps.saveFolders(current, folders)) === 'done') return;
  }
  throw new DomainError('service_busy');
};

/**
 * GET …/drive/folders: the connection's state, and while connected the stored folders with those Drive no longer
 * has named in `missing`. A Drive that cannot be asked right now answers the stored folders unchecked; a refused
 * token answers the state it leaves (needs_reconnect).
 */
export const getDriveFolders = async <C extends DriveConnection>(deps: DriveDeps<C>, brand: BrandRef): Promise<DriveFolderState> => {
  const [connection, name] = await Promise.all([deps.getConnection(brand), deps.brandName(brand)]);
  // A brand that does not exist has no Drive state to read (not "not connected").
  if (name === undefined) throw new DomainError('project_not_found');
  const state = stateOf(connection);
  if (!connection?.folders) return { state };
  const folders = connection.folders;
  if (state !== 'connected') return { state, folders };
  const keys = ['root', 'raw', 'final'] as const;
  const answer = await deps.withDrive(connection, (drive) => sequence(() => Promise.all(keys.map((key) => must(drive.getFolder(folders[key].id))))));
  if (!answer.ok) return answer.unauthorized ? { state: 'needs_reconnect', folders } : { state, folders };
  const missing: DriveFolderKey[] = keys.filter((_, index) => !answer.value[index]);
  // Drive's current names and links (a folder renamed in Drive keeps its id).
  const current = Object.fromEntries(keys.map((key, index) => [key, answer.value[index] ?? folders[key]])) as DriveFolders;
  return { state, folders: current, missing };
};

/**
 * POST …/drive/folders: the brand's folder (its name) with raw and final inside, each kept when Drive still has it,
 * found again when the app made it before, made when missing; stored on the connection. Drive not connected:
 * drive_not_connected; its token refused: drive_needs_reconnect.
 */
export const ensureDriveFolders = async <C extends DriveConnection>(deps: DriveDeps<C>, brand: BrandRef): Promise<DriveFolders> => {
  const [stored, name] = await Promise.all([deps.getConnection(brand), deps.brandName(brand)]);
  if (name === undefined) throw new DomainError('project_not_found');
  const connection = connectedDrive(stored);
  const folders = await onDrive(deps, connection, (drive) => brandFolders(drive, brandFolderName(name), connection.folders));
  await storeFolders(deps, brand, folders);
  return folders;
};

export type TaskDriveDeps<C extends DriveConnection> = DriveDeps<C> & {
  /** The task with its project, when the caller may open it (task_not_found / user_not_in_project otherwise). */
  openTask: (ctx: WorkspaceContext, taskId: string) => Promise<OpenedTask>;
  /** The task update path (#core/tasks/update-task): version, history and checks as for any edit of the task. */
  updateTask: (ctx: WorkspaceContext, taskId: string, body: UpdateTaskBody) => Promise<Task>;
};

/** The id of a Drive folder link (`…/folders/<id>`), as Drive's webViewLink writes it. */
export const folderIdOfLink = (link: string | null | undefined): string | undefined => {
  if (!link) return undefined;
  try {
    return /\/folders\/([A-Za-z0-9_-]+)\/?$/.exec(new URL(link).pathname)?.[1];
  } catch {
    return undefined;
  }
};

/**
 * POST /workspaces/{w}/tickets/{taskId}/drive-folders: a folder `#<number> <summary>` in the brand's raw and in its
 * final (the brand's folders made first where missing), linked in the task's drive_raw_link / drive_final_link
 * through the task update path. Idempotent: a link already pointing at a folder Drive still shows the app is kept,
 * and a folder of the same name made earlier is found again, so a second call answers the same folders. A link to
 * anything else is replaced (the caller asked for the folders). The task's brand must have Drive connected.
 */
export const createTaskDriveFolders = async <C extends DriveConnection>(deps: TaskDriveDeps<C>, ctx: WorkspaceContext, taskId: string): Promise<TaskDriveFolders> => {
  const { task, project } = await deps.openTask(ctx, taskId);
  const brand: BrandRef = { workspaceId: ctx.workspaceId, projectId: task.projectId };
  const connection = connectedDrive(await deps.getConnection(brand));
  const name = taskFolderName({ number: task.number, summary: task.summary });
  const links = { raw: task.driveRawLink, final: task.driveFinalLink };
  const { brandSet, pair } = await onDrive(deps, connection, async (drive) => {
    const brandSet = await brandFolders(drive, brandFolderName(project.name), connection.folders);
    const made = await Promise.all(
      DRIVE_SUBFOLDERS.map(async (sub) => {
        const linkedId = folderIdOfLink(links[sub]);
        const linked = linkedId ? await must(drive.getFolder(linkedId)) : undefined;
        return linked ?? (await keepOrMake(drive, undefined, name, brandSet[sub].id));
      }),
    );
    return { brandSet, pair: { raw: made[0], final: made[1] } };
  });
  await storeFolders(deps, brand, brandSet);
  if (links.raw !== pair.raw.url || links.final !== pair.final.url) {
    await deps.updateTask(ctx, taskId, { drive_raw_link: pair.raw.url, drive_final_link: pair.final.url });
  }
  return pair;
};
