import { describe, expect, it } from 'vitest';
import { PURGE_PAGES_PER_MESSAGE, purgeWorkspaceFiles, type PurgeFilesDeps } from '#core/workspaces/purge-files';
import { workspaceFilesPrefix } from '#core/uploads/keys';

/** A bucket of keys that lists 1000 at a time, as S3 does. */
const world = (keys: string[], deleted = true) => {
  const bucket = new Set(keys);
  const next: string[] = [];
  const deps: PurgeFilesDeps = {
    isWorkspaceDeleted: async () => deleted,
    listObjectKeys: async (prefix) => [...bucket].filter((key) => key.startsWith(prefix)).sort().slice(0, 1000),
    deleteObjects: async (batch) => batch.forEach((key) => bucket.delete(key)),
    enqueueNext: async (workspaceId) => void next.push(workspaceId),
  };
  return { bucket, next, deps };
};
const filesOf = (workspaceId: string, count: number) => Array.from({ length: count }, (_, i) => `${workspaceFilesPrefix(workspaceId)}recordings/r${i}/video.webm`);

describe('the purge of a deleted workspace’s files', () => {
  it('deletes every key under the workspace and nothing of another workspace or of pending uploads', async () => {
    const w = world([...filesOf('w1', 2_500), ...filesOf('w10', 3), 'pending/u1/w1/x.png']);
    await purgeWorkspaceFiles(w.deps, { workspaceId: 'w1' });
    expect([...w.bucket].sort()).toEqual([...filesOf('w10', 3), 'pending/u1/w1/x.png'].sort());
    expect(w.next).toEqual([]);
  });

  it('hands a workspace with more pages than one message takes to a next message, which finishes it', async () => {
    const w = world(filesOf('w1', PURGE_PAGES_PER_MESSAGE * 1000 + 10));
    await purgeWorkspaceFiles(w.deps, { workspaceId: 'w1' });
    expect(w.bucket.size).toBe(10);
    expect(w.next).toEqual(['w1']);
    await purgeWorkspaceFiles(w.deps, { workspaceId: 'w1' });
    expect(w.bucket.size).toBe(0);
    expect(w.next).toEqual(['w1']);
  });

  it('deletes nothing of a workspace without its tombstone', async () => {
    const w = world(filesOf('w1', 5), false);
    await purgeWorkspaceFiles(w.deps, { workspaceId: 'w1' });
    expect(w.bucket.size).toBe(5);
  });
});
