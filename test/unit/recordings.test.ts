import { describe, expect, it, vi } from 'vitest';
import { MIN_PART_BYTES, MAX_RECORDING_BYTES } from '#shared/schemas/recordings';
import type { CreateTaskBody } from '#shared/schemas/task';
import type { WorkspaceContext } from '#lib/context';
import type { GuardedOutcome } from '#data/conditions';
import type { ProjectItem } from '#data/projects';
import type { RecordingItem, RecordingShareItem } from '#data/recordings';
import type { TaskItem } from '#data/tasks';
import { checkParts, completeRecording, type RecordingDeps, type RecordingStore } from '#core/recordings/recordings';
import { getPlay } from '#core/recordings/shares';
import { createTasks, type CreateTasksDeps } from '#core/tasks/create-task';
import { isPosterKey, pendingKey, posterKey, recordingKey } from '#core/uploads/keys';
import { requiredPermissions } from '../../local/access-policy';
import { code } from './error-code';

const NOW = new Date('2026-11-24T08:00:00.000Z');
const ctx = (userId = 'alice', role: WorkspaceContext['role'] = 'member'): WorkspaceContext => ({ workspaceId: 'ws1', userId, email: `${userId}@acme.com`, role });
const recording = (over: Partial<RecordingItem> = {}): RecordingItem => ({
  workspaceId: 'ws1',
  recordingId: 'r1',
  projectId: 'p1',
  createdBy: 'alice',
  status: 'ready',
  name: 'Screen recording',
  contentType: 'video/webm',
  key: 'workspaces/ws1/recordings/r1/screen-recording.webm',
  size: 2048,
  durationMs: 5000,
  createdAt: NOW.toISOString(),
  ...over,
});

describe('recording keys', () => {
  it('put the video and its posters under the recording, and accept only this recording\'s posters', () => {
    expect(recordingKey('ws1', 'r1', 'Bug in Checkout!.webm')).toBe('workspaces/ws1/recordings/r1/bug-in-checkout.webm');
    const poster = posterKey('ws1', 'r1', 'abcdefgh1234', 'poster.jpg');
    expect(poster).toBe('workspaces/ws1/recordings/r1/poster/abcdefgh1234/poster.jpg');
    expect(isPosterKey(poster, 'ws1', 'r1')).toBe(true);
    expect(isPosterKey(poster, 'ws1', 'r2')).toBe(false);
    expect(isPosterKey(poster, 'ws2', 'r1')).toBe(false);
    expect(isPosterKey('workspaces/ws1/recordings/r1/poster/../../r2/poster.jpg', 'ws1', 'r1')).toBe(false);
    expect(isPosterKey(pendingKey('alice', poster), 'ws1', 'r1')).toBe(false);
  });
});

describe('checking the parts before complete', () => {
  const held = (sizes: number[]) => sizes.map((size, i) => ({ partNumber: i + 1, etag: `"e${i + 1}"`, size }));

  it('sorts the parts and accepts a short last one, quoted or bare ETags', () => {
    expect(checkParts([{ part_number: 2, etag: 'e2' }, { part_number: 1, etag: '"e1"' }], held([MIN_PART_BYTES, 10]))).toEqual([
      { partNumber: 1, etag: '"e1"' },
      { partNumber: 2, etag: '"e2"' },
    ]);
  });

  it('names the request\'s own parts.N for a part too small, missing or with another ETag', () => {
    const parts = [{ part_number: 2, etag: 'e2' }, { part_number: 1, etag: 'e1' }];
    expect(() => checkParts(parts, held([100, 10]))).toThrowError(expect.objectContaining({ field: 'parts.1' }));
    expect(() => checkParts([{ part_number: 3, etag: 'e3' }], held([10]))).toThrowError(expect.objectContaining({ field: 'parts.0' }));
    expect(() => checkParts([{ part_number: 1, etag: 'other' }], held([10]))).toThrowError(expect.objectContaining({ field: 'parts.0' }));
    expect(() => checkParts([{ part_number: 1, etag: 'e1' }, { part_number: 1, etag: 'e1' }], held([10]))).toThrowError(
      expect.objectContaining({ field: 'parts.1.part_number' }),
    );
  });

  it('refuses an empty recording and one over the limit', () => {
    expect(() => checkParts([{ part_number: 1, etag: 'e1' }], held([0]))).toThrowError(expect.objectContaining({ field: 'parts' }));
    expect(() => checkParts([{ part_number: 1, etag: 'e1' }], held([MAX_RECORDING_BYTES + 1]))).toThrowError(expect.objectContaining({ field: 'parts' }));
  });
});

describe('completing an upload', () => {
  const setup = (item: RecordingItem, over: Partial<RecordingStore> = {}) => {
    const store = {
      listParts: vi.fn(async () => [{ partNumber: 1, etag: '"e1"', size: 10 }]),
      completeMultipartUpload: vi.fn(async () => 'done' as const),
      headObject: vi.fn(async () => ({ size: 10, contentType: 'video/webm' })),
      signDownload: async (key: string) => `https://signed/${key}`,
      deleteObjects: vi.fn(async () => undefined),
      ...over,
    } as unknown as RecordingStore;
    let current = item;
    const deps = {
      clock: () => NOW,
      store,
      getRecording: async () => current,
      markReady: vi.fn(async (_ref, ready) => (current = { ...current, ...ready, status: 'ready' as const })),
    } as unknown as RecordingDeps;
    return { deps, store };
  };
  const body = { parts: [{ part_number: 1, etag: 'e1' }], duration_ms: 1234 };

  it('answers a ready recording unchanged, touching nothing', async () => {
    const { deps, store } = setup(recording());
    expect(await completeRecording(deps, ctx(), 'r1', { parts: [], duration_ms: 0 })).toMatchObject({ status: 'ready', size: 2048, duration_ms: 5000 });
    expect(store.listParts).not.toHaveBeenCalled();
  });

  it('makes an uploading one ready with the size S3 holds', async () => {
    const { deps, store } = setup(recording({ status: 'uploading', uploadId: 'u1', size: undefined, durationMs: undefined }));
    expect(await completeRecording(deps, ctx(), 'r1', body)).toMatchObject({ status: 'ready', size: 10, duration_ms: 1234, url: expect.stringContaining('https://signed/') });
    expect(store.completeMultipartUpload).toHaveBeenCalledWith(expect.any(String), 'u1', [{ partNumber: 1, etag: '"e1"' }]);
  });

  it('is the uploader\'s alone, and an upload S3 no longer has has expired', async () => {
    const { deps } = setup(recording({ status: 'uploading', uploadId: 'u1' }), { listParts: async () => undefined });
    expect(await code(completeRecording(deps, ctx('bob'), 'r1', body))).toBe('recording_not_owner');
    expect(await code(completeRecording(deps, ctx(), 'r1', body))).toBe('recording_upload_expired');
  });

  it('refuses the parts when S3 does (they changed meanwhile) without marking anything', async () => {
    const { deps } = setup(recording({ status: 'uploading', uploadId: 'u1' }), { completeMultipartUpload: async () => 'invalid' as const });
    expect(await code(completeRecording(deps, ctx(), 'r1', body))).toBe('400:parts');
    expect(deps.markReady).not.toHaveBeenCalled();
  });
});

describe('the public player', () => {
  const share: RecordingShareItem = { shareId: 's'.repeat(32), workspaceId: 'ws1', recordingId: 'r1', createdBy: 'alice', createdAt: NOW.toISOString() };
  const deps = (item: RecordingItem | undefined, found: RecordingShareItem | null = share) => ({
    getPlaySubject: async () => (found ? { share: found, ...(item ? { recording: item } : {}) } : {}),
    sign: async (key: string) => `https://signed/${key}`,
  });

  it('plays a live share of a ready recording', async () => {
    const view = await getPlay(deps(recording({ shareIds: [share.shareId], taskId: 't1' })), share.shareId);
    expect(view).toMatchObject({ video: { size: 2048, duration_ms: 5000, content_type: 'video/webm' }, poster_url: null, task: { uid: 't1', workspace_uid: 'ws1' } });
  });

  it('answers recording_not_found alike for an unknown, revoked or deleted share', async () => {
    expect(await code(getPlay(deps(recording({ shareIds: [share.shareId] }), null), share.shareId))).toBe('recording_not_found');
    expect(await code(getPlay(deps(recording({ shareIds: [] })), share.shareId))).toBe('recording_not_found');
    expect(await code(getPlay(deps(undefined), share.shareId))).toBe('recording_not_found');
    expect(await code(getPlay(deps(recording({ status: 'uploading', shareIds: [] })), share.shareId))).toBe('recording_not_found');
  });

  it('says a shared recording still uploading is not ready yet', async () => {
    expect(await code(getPlay(deps(recording({ status: 'uploading', shareIds: [share.shareId] })), share.shareId))).toBe('recording_not_ready');
  });
});

describe('a task created with a recording', () => {
  const project = (): ProjectItem => ({ workspaceId: 'ws1', projectId: 'p1', name: 'Brand', slug: 'brand', phase: 'active', ownerId: 'alice', createdAt: NOW.toISOString() }) as ProjectItem;
  const setup = (items: Record<string, RecordingItem>, outcomes: GuardedOutcome[] = ['done']) => {
    const written: { tasks: TaskItem[]; recordings: unknown[] }[] = [];
    const deps: CreateTasksDeps = {
      clock: () => NOW,
      newTaskId: () => `t${written.length + 1}`,
      newActivityId: () => 'a1',
      listProjectsWithMembers: async () => ({ projects: [project()], members: [] }),
      findMembership: async () => undefined,
      reserveTaskNumbers: async () => 1,
      createTasksTransaction: vi.fn(async (_c, tasks, _a, _l, _d, recordings) => {
        written.push({ tasks, recordings });
        return outcomes.shift() ?? 'done';
      }),
      appUrl: 'https://app',
      listIntegrations: async () => [],
      newDeliveryId: () => 'd1',
      getRecording: async ({ recordingId }) => items[recordingId],
      signFile: async (key) => `https://signed/${key}`,
    };
    return { deps, written };
  };
  const input = (over: Partial<CreateTaskBody> = {}) => ({ summary: 'Bug', project_uid: 'p1', ...over }) as CreateTaskBody;

  it('carries it: attached in the create transaction and answered with signed links', async () => {
    const { deps, written } = setup({ r1: recording({ posterKey: 'workspaces/ws1/recordings/r1/poster/abcdefgh/poster.jpg' }) });
    const [task] = await createTasks(deps, ctx('alice', 'admin'), [input({ recording_uid: 'r1' })]);
    expect(written[0]!.recordings).toEqual([{ recordingId: 'r1', taskId: task!.uid, createdBy: 'alice' }]);
    expect(task!.recording).toEqual({
      uid: 'r1',
      url: 'https://signed/workspaces/ws1/recordings/r1/screen-recording.webm',
      poster_url: 'https://signed/workspaces/ws1/recordings/r1/poster/abcdefgh/poster.jpg',
      duration_ms: 5000,
      size: 2048,
      content_type: 'video/webm',
    });
  });

  it('refuses one not the caller\'s, not ready, already on a task or unknown, before writing anything', async () => {
    const items = { bobs: recording({ recordingId: 'bobs', createdBy: 'bob' }), up: recording({ recordingId: 'up', status: 'uploading' }), used: recording({ recordingId: 'used', taskId: 'tx' }) };
    const { deps } = setup(items);
    for (const id of ['bobs', 'up', 'used', 'nope']) expect(await code(createTasks(deps, ctx('alice', 'admin'), [input({ recording_uid: id })]))).toBe('recording_invalid');
    expect(deps.createTasksTransaction).not.toHaveBeenCalled();
  });

  it('names the refused task of a bulk by its index', async () => {
    const { deps } = setup({ r1: recording() });
    const bulk = createTasks(deps, ctx('alice', 'admin'), [input({ recording_uid: 'r1' }), input({ recording_uid: 'r1' })], (i, field) => `tickets.${i}.${field}`);
    expect(await code(bulk)).toBe('recording_invalid');
    await bulk.catch((error: { field?: string }) => expect(error.field).toBe('tickets.1.recording_uid'));
  });

  it('refuses one taken while the create was on its way', async () => {
    const items: Record<string, RecordingItem> = { r1: recording() };
    const { deps } = setup(items, ['stale']);
    vi.mocked(deps.createTasksTransaction).mockImplementationOnce(async () => {
      items.r1 = recording({ taskId: 'other' });
      return 'stale';
    });
    expect(await code(createTasks(deps, ctx('alice', 'admin'), [input({ recording_uid: 'r1' })]))).toBe('recording_invalid');
  });
});

describe('the local access policy for multipart uploads', () => {
  it('authorises each step as IAM does, parts listed on the object', () => {
    const call = (operation: string) => requiredPermissions({ clientName: 'S3Client', operation, input: { Bucket: 'b', Key: 'k' } });
    expect(call('CreateMultipartUpload')).toEqual([{ action: 's3:PutObject', resource: 'arn:aws:s3:::b/k' }]);
    expect(call('UploadPart')).toEqual([{ action: 's3:PutObject', resource: 'arn:aws:s3:::b/k' }]);
    expect(call('CompleteMultipartUpload')).toEqual([{ action: 's3:PutObject', resource: 'arn:aws:s3:::b/k' }]);
    expect(call('ListParts')).toEqual([{ action: 's3:ListMultipartUploadParts', resource: 'arn:aws:s3:::b/k' }]);
    expect(call('AbortMultipartUpload')).toEqual([{ action: 's3:AbortMultipartUpload', resource: 'arn:aws:s3:::b/k' }]);
  });
});
