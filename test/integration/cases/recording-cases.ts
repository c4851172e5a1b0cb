import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { MIN_PART_BYTES } from '#shared/schemas/recordings';
import { api } from '../support/api';
import { readyRecording, recordingsPath, shareRecording, startRecording, uploadParts } from '../support/recordings';
import { type Case, type World } from '../support/route-case';

const noSuchId = (w: World) => `${recordingsPath(w.alice)}/bad!id`;

/** Screen recordings (issue 13): each route on the local stack; Mallory's calls on Alice's recordings are refused. */
export const recordingCases = {
  createRecording: {
    happy: async (w) => api('POST', recordingsPath(w.alice), { token: w.alice.token, body: { project_uid: (await startRecording(w.alice)).projectId, content_type: 'video/mp4', name: 'Bug in checkout', poster: { content_type: 'image/png', size: 100 } } }),
    expectHappy: ({ status, body }, w) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ status: 'uploading', name: 'Bug in checkout', content_type: 'video/mp4', size: null, url: null, poster_url: null, task_uid: null, workspace_uid: w.alice.workspaceId, part_size: MIN_PART_BYTES });
      expect(body.poster_upload.key).toMatch(new RegExp(`^pending/[^/]+/workspaces/${w.alice.workspaceId}/recordings/${body.uid}/poster/[^/]+/poster\\.png$`));
      expect(body.poster_upload.headers).toMatchObject({ 'content-type': 'image/png' });
    },
    bad: { call: (w) => api('POST', recordingsPath(w.alice), { token: w.alice.token, body: { project_uid: 'p1', content_type: 'video/avi' } }), field: 'content_type' },
    foreign: async (w) => api('POST', recordingsPath(w.alice), { token: w.mallory.token, body: { project_uid: 'p1', content_type: 'video/webm' } }),
  },
  signRecordingParts: {
    happy: async (w) => api('POST', `${(await startRecording(w.alice)).path}/parts`, { token: w.alice.token, body: { part_numbers: [2, 1, 2] } }),
    expectHappy: ({ body }) => {
      expect(body.parts.map((part: { part_number: number }) => part.part_number)).toEqual([2, 1]);
      expect(body.parts[0].url).toMatch(/partNumber=2&.*uploadId=/);
      expect(body.poster_upload).toBeUndefined();
    },
    bad: { call: async (w) => api('POST', `${(await startRecording(w.alice)).path}/parts`, { token: w.alice.token, body: { part_numbers: [10_001] } }), field: 'part_numbers.0' },
    foreign: async (w) => api('POST', `${(await startRecording(w.alice)).path}/parts`, { token: w.mallory.token, body: { part_numbers: [1] } }),
  },
  listRecordingParts: {
    happy: async (w) => {
      const { path } = await startRecording(w.alice);
      await uploadParts(w.alice, path, [{ number: 3, bytes: 30 }, { number: 1, bytes: 10 }]);
      return api('GET', `${path}/parts`, { token: w.alice.token });
    },
    expectHappy: ({ body }) =>
      expect(body.parts).toEqual([
        { part_number: 1, etag: expect.stringMatching(/^"[0-9a-f]{32}"$/), size: 10 },
        { part_number: 3, etag: expect.any(String), size: 30 },
      ]),
    bad: { call: async (w) => api('GET', `${noSuchId(w)}/parts`, { token: w.alice.token }), field: 'recordingId' },
    foreign: async (w) => api('GET', `${(await startRecording(w.alice)).path}/parts`, { token: w.mallory.token }),
  },
  completeRecording: {
    happy: async (w) => {
      const { path } = await startRecording(w.alice);
      const parts = await uploadParts(w.alice, path, [{ number: 2, bytes: 100 }, { number: 1, bytes: MIN_PART_BYTES }]);
      return api('POST', `${path}/complete`, { token: w.alice.token, body: { parts, duration_ms: 4200 } });
    },
    expectHappy: ({ body }) => {
      expect(body).toMatchObject({ status: 'ready', size: MIN_PART_BYTES + 100, duration_ms: 4200, poster_url: null, task_uid: null });
      expect(body.url).toMatch(/^http/);
    },
    bad: { call: async (w) => api('POST', `${(await startRecording(w.alice)).path}/complete`, { token: w.alice.token, body: { parts: [], duration_ms: 1 } }), field: 'parts' },
    foreign: async (w) => api('POST', `${(await startRecording(w.alice)).path}/complete`, { token: w.mallory.token, body: { parts: [{ part_number: 1, etag: 'x' }], duration_ms: 1 } }),
  },
  getRecording: {
    happy: async (w) => api('GET', (await readyRecording(w.alice)).path, { token: w.alice.token }),
    expectHappy: ({ body }) => expect(body).toMatchObject({ status: 'ready', duration_ms: 10_000, url: expect.stringMatching(/^http/), poster_url: expect.stringMatching(/^http/) }),
    bad: { call: async (w) => api('GET', noSuchId(w), { token: w.alice.token }), field: 'recordingId' },
    foreign: async (w) => api('GET', (await startRecording(w.alice)).path, { token: w.mallory.token }),
  },
  deleteRecording: {
    happy: async (w) => api('DELETE', (await startRecording(w.alice)).path, { token: w.alice.token }),
    expectHappy: ({ status }) => expect(status).toBe(204),
    bad: { call: async (w) => api('DELETE', noSuchId(w), { token: w.alice.token }), field: 'recordingId' },
    foreign: async (w) => api('DELETE', (await startRecording(w.alice)).path, { token: w.mallory.token }),
  },
  createRecordingShare: {
    happy: async (w) => api('POST', `${(await readyRecording(w.alice, { small: true })).path}/shares`, { token: w.alice.token }),
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body.uid).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(body.url).toMatch(new RegExp(`/play/${body.uid}$`));
    },
    bad: { call: async (w) => api('POST', `${noSuchId(w)}/shares`, { token: w.alice.token }), field: 'recordingId' },
    foreign: async (w) => api('POST', `${(await readyRecording(w.alice, { small: true })).path}/shares`, { token: w.mallory.token }),
  },
  listRecordingShares: {
    happy: async (w) => {
      const { path } = await readyRecording(w.alice, { small: true });
      await shareRecording(w.alice, path);
      await shareRecording(w.alice, path);
      return api('GET', `${path}/shares`, { token: w.alice.token });
    },
    expectHappy: ({ body }) => expect(body.shares).toEqual([expect.objectContaining({ uid: expect.any(String) }), expect.objectContaining({ uid: expect.any(String) })]),
    bad: { call: async (w) => api('GET', `${noSuchId(w)}/shares`, { token: w.alice.token }), field: 'recordingId' },
    foreign: async (w) => api('GET', `${(await readyRecording(w.alice, { small: true })).path}/shares`, { token: w.mallory.token }),
  },
  revokeRecordingShare: {
    happy: async (w) => {
      const { path } = await readyRecording(w.alice, { small: true });
      const share = await shareRecording(w.alice, path);
      return api('DELETE', `${path}/shares/${share.uid}`, { token: w.alice.token });
    },
    expectHappy: ({ status }) => expect(status).toBe(204),
    bad: { call: async (w) => api('DELETE', `${(await readyRecording(w.alice, { small: true })).path}/shares/bad!id`, { token: w.alice.token }), field: 'shareId' },
    foreign: async (w) => {
      const { path } = await readyRecording(w.alice, { small: true });
      const share = await shareRecording(w.alice, path);
      return api('DELETE', `${path}/shares/${share.uid}`, { token: w.mallory.token });
    },
  },
  getPlay: {
    happy: async (w) => {
      const { path } = await readyRecording(w.alice, { small: true });
      return api('GET', `/play/${(await shareRecording(w.alice, path)).uid}`);
    },
    expectHappy: ({ body }) => {
      expect(body).toMatchObject({ name: 'Screen recording', task: null, video: { content_type: 'video/webm', size: 2048, duration_ms: 10_000 } });
      expect(body.video.url).toMatch(/^http/);
      expect(body.poster_url).toMatch(/^http/);
    },
    bad: { call: () => api('GET', '/play/short'), field: 'videoUid' },
  },
} satisfies Partial<Record<RouteName, Case>>;
