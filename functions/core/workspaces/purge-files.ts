import { workspaceFilesPrefix } from '../uploads/keys';

/** Pages of keys (S3 lists up to 1000 a page) one message deletes before it hands the rest to a next message. */
export const PURGE_PAGES_PER_MESSAGE = 20;

export type PurgeFilesDeps = {
  /** Whether the workspace carries its tombstone (a live workspace's files are never purged). */
  isWorkspaceDeleted: (workspaceId: string) => Promise<boolean>;
  /** The first keys under a prefix (one page). */
  listObjectKeys: (prefix: string) => Promise<string[]>;
  deleteObjects: (keys: readonly string[]) => Promise<void>;
  /** The same purge again, for what this message had no time for. */
  enqueueNext: (workspaceId: string) => Promise<void>;
};

/**
 * Deletes a deleted workspace's files: every key under its prefix, listed and deleted a page at a time. Listing
 * again after a delete finds what is left, so a message that fails half-way (or arrives twice) simply goes on.
 * A workspace with more than PURGE_PAGES_PER_MESSAGE pages goes on in a next message instead of running out of
 * time. A message for a workspace without its tombstone deletes nothing.
 */
export const purgeWorkspaceFiles = async (deps: PurgeFilesDeps, { workspaceId }: { workspaceId: string }): Promise<void> => {
  if (!(await deps.isWorkspaceDeleted(workspaceId))) return;
  const prefix = workspaceFilesPrefix(workspaceId);
  for (let page = 0; page < PURGE_PAGES_PER_MESSAGE; page++) {
    const keys = await deps.listObjectKeys(prefix);
    if (!keys.length) return;
    await deps.deleteObjects(keys);
  }
  await deps.enqueueNext(workspaceId);
};
