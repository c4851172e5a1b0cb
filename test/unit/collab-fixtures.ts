import { vi } from 'vitest';
import type { Role } from '#shared/constants';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import type { ProjectItem } from '#data/projects';
import type { TaskItem } from '#data/tasks';
import type { OpenedTask } from '#core/tasks/open-task';
import type { GuardedOutcome } from '#data/conditions';
import type { ClaimUploads, StoredObject, UploadStore } from '#core/uploads/files';

/** Shared fixtures of the collab unit tests: a workspace ws1, project p1, task t1, and an in-memory upload store. */
export const NOW = new Date('2026-11-21T10:00:00.000Z');
export const clock = () => NOW;
export const ctx = (userId = 'alice', role: Role = 'admin'): WorkspaceContext => ({ workspaceId: 'ws1', userId, email: `${userId}@acme.com`, role });

export const project = (over: Partial<ProjectItem> = {}): ProjectItem => ({
  workspaceId: 'ws1', projectId: 'p1', name: 'Acme', slug: 'acme', phase: 'active', ownerId: 'alice', integrations: [], createdAt: NOW.toISOString(), ...over,
});

export const task = (over: Partial<TaskItem> = {}): TaskItem =>
  ({
    workspaceId: 'ws1', taskId: 't1', number: 7, projectId: 'p1', summary: 'Launch reel', searchText: '7 launch reel', createdBy: 'alice',
    status: 'todo', priority: '1', ticketType: 'post', source: 'manual', calendarDay: '-', reminderDueAt: '-', reminderShard: 'due',
    totalSpent: 0, createdAt: NOW.toISOString(), updatedAt: NOW.toISOString(), ...over,
  }) as TaskItem;

/** openTask that finds `current()` (a function, so a test can change the task between reads). */
export const opener = (current: () => TaskItem | undefined = () => task()) =>
  vi.fn(async (_ctx: WorkspaceContext, taskId: string): Promise<OpenedTask> => {
    const found = current();
    if (!found || found.taskId !== taskId) throw new DomainError('task_not_found');
    return { task: found, project: project() };
  });

/** The uploads bucket in memory: objects by key, with what HEAD answers; `used` holds the keys copied to (tagged used). */
export const memoryStore = (objects: Record<string, StoredObject> = {}) => {
  const stored = new Map(Object.entries(objects));
  const used = new Set<string>();
  const store = {
    presignUpload: vi.fn(async ({ key, contentType, size }: { key: string; contentType: string; size: number }) => ({
      url: `https://bucket.example/${key}?size=${size}`,
      headers: { 'content-type': contentType, 'x-amz-tagging': 'upload=pending' },
    })),
    signDownload: vi.fn(async (key: string, name: string) => `https://bucket.example/${key}?download=${name}`),
    headObject: vi.fn(async (key: string) => stored.get(key)),
    copyObject: vi.fn(async (from: string, to: string) => {
      const object = stored.get(from);
      if (!object) throw new Error(`NoSuchKey ${from}`);
      stored.set(to, object);
      used.add(to);
    }),
    deleteObjects: vi.fn(async (keys: readonly string[]) => keys.forEach((key) => stored.delete(key))),
  } satisfies UploadStore;
  return { store, stored, used };
};

/** The upload claims in memory: a key is claimed once; `outcomes` answer first (e.g. a conflict). */
export const memoryClaims = (outcomes: GuardedOutcome[] = []) => {
  const claimed = new Set<string>();
  const claimUploads = vi.fn<ClaimUploads>(async (_ctx, keys) => {
    const forced = outcomes.shift();
    if (forced) return forced;
    if (keys.some((key) => claimed.has(key))) return 'stale';
    keys.forEach((key) => claimed.add(key));
    return 'done';
  });
  return { claimUploads, claimed };
};

/** Retries without waiting, for unit tests of functions that retry. */
export const noPause = { sleep: async () => {}, random: () => 0 };

/** The error code a promise rejects with ('400:<field>' for bad input), or 'resolved'. */
export { code } from './error-code';
