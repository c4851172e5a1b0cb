import { describe, expect, it } from 'vitest';
import type { DriveFolder, DriveFolders } from '#shared/schemas/drive';
import type { UpdateTaskBody } from '#shared/schemas/task';
import type { WorkspaceContext } from '#lib/context';
import {
  createTaskDriveFolders,
  ensureDriveFolders,
  folderIdOfLink,
  getDriveFolders,
  type DriveApi,
  type DriveCall,
  type DriveConnection,
  type TaskDriveDeps,
} from '../../functions/core/drive/folders';
import type { ProviderFailure } from '#lib/providers/social';
import { code as codeOf } from './error-code';

/** Drive as the drive.file scope shows it: the app's own folders, by parent; trashed ones are invisible. */
const fakeDrive = () => {
  const folders = new Map<string, DriveFolder & { parentId?: string; trashed: boolean }>();
  let next = 1;
  let failNext: ProviderFailure | undefined;
  const calls: string[] = [];
  const answer = <T>(value: T): DriveCall<T> => {
    if (failNext) {
      const failure = failNext;
      failNext = undefined;
      return failure;
    }
    return { ok: true, value };
  };
  const view = (f: DriveFolder) => ({ id: f.id, name: f.name, url: f.url });
  const api: DriveApi = {
    findFolder: async ({ name, parentId }) => {
      calls.push(`find ${name}`);
      const found = [...folders.values()].find((f) => !f.trashed && f.name === name && f.parentId === parentId);
      return answer(found && view(found));
    },
    createFolder: async ({ name, parentId }) => {
      calls.push(`create ${name}`);
      const id = `f${next++}`;
      const folder = { id, name, url: `https://drive.example/drive/folders/${id}`, parentId, trashed: false };
      const result = answer(view(folder));
      if (result.ok) folders.set(id, folder);
      return result;
    },
    getFolder: async (id) => {
      calls.push(`get ${id}`);
      const found = folders.get(id);
      return answer(found && !found.trashed ? view(found) : undefined);
    },
  };
  return {
    api,
    calls,
    folders,
    trash: (id: string) => void (folders.get(id)!.trashed = true),
    failNext: (failure: ProviderFailure) => void (failNext = failure),
  };
};

type Connection = DriveConnection & { version: number };
const brand = { workspaceId: 'w1', projectId: 'p1' };
const ctx: WorkspaceContext = { workspaceId: 'w1', userId: 'u1', email: 'u1@example.com', role: 'admin' };

/** A brand with Drive connected, its connection stored with a version as the data layer keeps it. */
const world = (options: { state?: string; name?: string } = {}) => {
  const drive = fakeDrive();
  let connection: Connection | undefined = { state: options.state ?? 'connected', version: 1 };
  let task = { taskId: 't1', projectId: 'p1', number: 12, summary: 'Spring  launch\nreel', driveRawLink: undefined as string | undefined, driveFinalLink: undefined as string | undefined };
  const updates: UpdateTaskBody[] = [];
  const deps: TaskDriveDeps<Connection> = {
    getConnection: async () => connection && { ...connection },
    withDrive: (_connection, work) => work(drive.api),
    saveFolders: async (item, folders) => {
      if (!connection || item.version !== connection.version) return 'stale';
      connection = { ...connection, folders, version: connection.version + 1 };
      return 'done';
    },
    brandName: async () => options.name ?? 'Crumb Bakery',
    openTask: async (_ctx, taskId) => {
      if (taskId !== task.taskId) throw Object.assign(new Error('task_not_found'), { code: 'task_not_found' });
      return { task: task as never, project: { name: options.name ?? 'Crumb Bakery' } as never };
    },
    updateTask: async (_ctx, _taskId, body) => {
      updates.push(body);
      task = { ...task, driveRawLink: body.drive_raw_link ?? undefined, driveFinalLink: body.drive_final_link ?? undefined };
      return {} as never;
    },
  };
  return {
    deps,
    drive,
    updates,
    connection: () => connection,
    setConnection: (next: Connection | undefined) => void (connection = next),
    task: () => task,
    setTask: (changes: Partial<typeof task>) => void (task = { ...task, ...changes }),
  };
};

const names = (folders: DriveFolders) => ({ root: folders.root.name, raw: folders.raw.name, final: folders.final.name });

describe("a brand's Drive folders", () => {
  it('makes the brand folder named after the brand with raw and final inside, and stores them', async () => {
    const w = world();

    const folders = await ensureDriveFolders(w.deps, brand);

    expect(names(folders)).toEqual({ root: 'Crumb Bakery', raw: 'raw', final: 'final' });
    expect(w.drive.folders.get(folders.raw.id)?.parentId).toBe(folders.root.id);
    expect(w.drive.folders.get(folders.final.id)?.parentId).toBe(folders.root.id);
    expect(w.connection()?.folders).toEqual(folders);
  });

  it('keeps the folders on a second call (nothing new in Drive)', async () => {
    const w = world();
    const first = await ensureDriveFolders(w.deps, brand);

    const second = await ensureDriveFolders(w.deps, brand);

    expect(second).toEqual(first);
    expect(w.drive.folders.size).toBe(3);
  });

  it("finds the app's earlier folders again when the connection lost them (reconnected)", async () => {
    const w = world();
    const first = await ensureDriveFolders(w.deps, brand);
    w.setConnection({ state: 'connected', version: 9 });

    const again = await ensureDriveFolders(w.deps, brand);

    expect(again).toEqual(first);
    expect(w.drive.calls.filter((call) => call.startsWith('create'))).toHaveLength(3);
  });

  it('makes a trashed subfolder anew and keeps the others', async () => {
    const w = world();
    const first = await ensureDriveFolders(w.deps, brand);
    w.drive.trash(first.raw.id);

    const again = await ensureDriveFolders(w.deps, brand);

    expect(again.root).toEqual(first.root);
    expect(again.final).toEqual(first.final);
    expect(again.raw.id).not.toBe(first.raw.id);
    expect(w.connection()?.folders?.raw.id).toBe(again.raw.id);
  });

  it('makes the whole set anew under a new root when the brand folder was trashed', async () => {
    const w = world();
    const first = await ensureDriveFolders(w.deps, brand);
    w.drive.trash(first.root.id);

    const again = await ensureDriveFolders(w.deps, brand);

    expect(again.root.id).not.toBe(first.root.id);
    expect(w.drive.folders.get(again.raw.id)?.parentId).toBe(again.root.id);
    expect(w.drive.folders.get(again.final.id)?.parentId).toBe(again.root.id);
  });

  it('stores the folders on the fresh connection when a token renewal changed it during the calls', async () => {
    const w = world();
    const deps = {
      ...w.deps,
      withDrive: async <T>(connection: Connection, work: (drive: DriveApi) => Promise<DriveCall<T>>) => {
        w.setConnection({ ...w.connection()!, version: connection.version + 1 }); // the renewed tokens were stored
        return work(w.drive.api);
      },
    };

    const folders = await ensureDriveFolders(deps, brand);

    expect(w.connection()?.folders).toEqual(folders);
  });

  it.each([
    ['no connection', undefined, 'drive_not_connected'],
    ['a connection waiting for its consent', { state: 'pending_oauth', version: 1 }, 'drive_not_connected'],
    ['a connection that needs a reconnect', { state: 'needs_reconnect', version: 1 }, 'drive_needs_reconnect'],
  ] as const)('refuses with %s', async (_label, connection, code) => {
    const w = world();
    w.setConnection(connection);

    expect(await codeOf(ensureDriveFolders(w.deps, brand))).toBe(code);
    expect(w.drive.calls).toEqual([]);
  });

  it.each([
    [{ ok: false, latencyMs: 0, error: 'revoked', retryable: false, status: 401, unauthorized: true }, 'drive_needs_reconnect'],
    [{ ok: false, latencyMs: 0, error: 'rate', retryable: true, status: 429, rateLimited: true }, 'drive_rate_limited'],
    [{ ok: false, latencyMs: 0, error: 'boom', retryable: true, status: 500 }, 'drive_error'],
  ] as const)('maps a failed Drive call (%o) to %s and stores nothing', async (failure, code) => {
    const w = world();
    w.drive.failNext(failure);

    expect(await codeOf(ensureDriveFolders(w.deps, brand))).toBe(code);
    expect(w.connection()?.folders).toBeUndefined();
  });

  it('reads the state and names the folders Drive no longer has', async () => {
    const w = world();
    const folders = await ensureDriveFolders(w.deps, brand);
    w.drive.trash(folders.final.id);

    expect(await getDriveFolders(w.deps, brand)).toEqual({ state: 'connected', folders, missing: ['final'] });
  });

  it('reads not_connected without a connection, and the stored folders unchecked when Drive fails', async () => {
    const w = world();
    const folders = await ensureDriveFolders(w.deps, brand);
    w.drive.failNext({ ok: false, latencyMs: 0, error: 'boom', retryable: true, status: 503 });

    expect(await getDriveFolders(w.deps, brand)).toEqual({ state: 'connected', folders });
    w.setConnection(undefined);
    expect(await getDriveFolders(w.deps, brand)).toEqual({ state: 'not_connected' });
  });

  it('refuses a brand that does not exist (project_not_found), for reading and making', async () => {
    const w = world();
    const deps = { ...w.deps, brandName: async () => undefined };

    expect(await codeOf(getDriveFolders(deps, brand))).toBe('project_not_found');
    expect(await codeOf(ensureDriveFolders(deps, brand))).toBe('project_not_found');
  });

  it('reads needs_reconnect when Drive refuses the token while checking', async () => {
    const w = world();
    const folders = await ensureDriveFolders(w.deps, brand);
    w.drive.failNext({ ok: false, latencyMs: 0, error: 'revoked', retryable: false, status: 401, unauthorized: true });

    expect(await getDriveFolders(w.deps, brand)).toEqual({ state: 'needs_reconnect', folders });
  });
});

describe("a task's Drive folders", () => {
  it("makes '#<number> <summary>' in the brand's raw and final (the brand's folders first) and links them through the task update", async () => {
    const w = world();

    const pair = await createTaskDriveFolders(w.deps, ctx, 't1');

    expect(pair.raw.name).toBe('#12 Spring launch reel');
    expect(pair.final.name).toBe('#12 Spring launch reel');
    const stored = w.connection()!.folders!;
    expect(w.drive.folders.get(pair.raw.id)?.parentId).toBe(stored.raw.id);
    expect(w.drive.folders.get(pair.final.id)?.parentId).toBe(stored.final.id);
    expect(w.updates).toEqual([{ drive_raw_link: pair.raw.url, drive_final_link: pair.final.url }]);
  });

  it('answers the same folders on a second call, without another task update', async () => {
    const w = world();
    const first = await createTaskDriveFolders(w.deps, ctx, 't1');

    const second = await createTaskDriveFolders(w.deps, ctx, 't1');

    expect(second).toEqual(first);
    expect(w.updates).toHaveLength(1);
    expect(w.drive.folders.size).toBe(5);
  });

  it('finds the folders of the same name again when the links were cleared, and links them back', async () => {
    const w = world();
    const first = await createTaskDriveFolders(w.deps, ctx, 't1');
    w.setTask({ driveRawLink: undefined, driveFinalLink: undefined });

    expect(await createTaskDriveFolders(w.deps, ctx, 't1')).toEqual(first);
    expect(w.drive.folders.size).toBe(5);
    expect(w.task().driveRawLink).toBe(first.raw.url);
  });

  it('keeps linked folders after the summary changed, and replaces a link to something else', async () => {
    const w = world();
    const first = await createTaskDriveFolders(w.deps, ctx, 't1');
    w.setTask({ summary: 'Renamed', driveFinalLink: 'https://example.com/not-drive' });

    const second = await createTaskDriveFolders(w.deps, ctx, 't1');

    expect(second.raw).toEqual(first.raw);
    expect(second.final.name).toBe('#12 Renamed');
    expect(w.task().driveFinalLink).toBe(second.final.url);
  });

  it('refuses a task whose brand has no Drive connected, before any Drive call or task write', async () => {
    const w = world();
    w.setConnection(undefined);

    expect(await codeOf(createTaskDriveFolders(w.deps, ctx, 't1'))).toBe('drive_not_connected');
    expect(w.drive.calls).toEqual([]);
    expect(w.updates).toEqual([]);
  });

  it('writes no link when Drive fails half way', async () => {
    const w = world();
    await ensureDriveFolders(w.deps, brand);
    const before = w.drive.calls.length;
    w.drive.api.createFolder = async () => ({ ok: false, latencyMs: 0, error: 'boom', retryable: true, status: 500 });

    expect(await codeOf(createTaskDriveFolders(w.deps, ctx, 't1'))).toBe('drive_error');
    expect(w.drive.calls.length).toBeGreaterThan(before);
    expect(w.updates).toEqual([]);
  });
});

describe('a Drive folder link', () => {
  it.each([
    ['https://drive.google.com/drive/folders/1AbC_d-9', '1AbC_d-9'],
    ['http://127.0.0.1:4000/drive/folders/fld7/', 'fld7'],
    ['https://example.com/file/x', undefined],
    ['not a url', undefined],
    [null, undefined],
  ])('%s has folder id %s', (link, id) => expect(folderIdOfLink(link)).toBe(id));
});
