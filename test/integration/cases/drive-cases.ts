import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { api } from '../support/api';
import { connectDrive, foldersPath, newTask, taskFoldersPath } from '../support/drive';
import { newBrand } from '../support/imports';
import type { Case, World } from '../support/route-case';

/** A brand of Alice's with Google Drive connected at the fake Google. */
const driveBrand = async (w: World) => {
  const projectId = await newBrand(w.alice);
  await connectDrive(w.alice, projectId);
  return projectId;
};
const folder = { id: expect.any(String), name: expect.any(String), url: expect.stringMatching(/\/drive\/folders\/[\w-]+$/) };

/** Google Drive folders: each route against the fake Drive; Mallory's calls on Alice's brand and task are refused. */
export const driveCases = {
  getDriveFolders: {
    happy: async (w) => {
      const projectId = await driveBrand(w);
      await api('POST', foldersPath(w.alice, projectId), { token: w.alice.token });
      return api('GET', foldersPath(w.alice, projectId), { token: w.alice.token });
    },
    expectHappy: ({ body }) => expect(body).toEqual({ state: 'connected', folders: { root: folder, raw: { ...folder, name: 'raw' }, final: { ...folder, name: 'final' } }, missing: [] }),
    bad: { call: async (w) => api('GET', `/workspaces/${w.alice.workspaceId}/projects/bad!id/drive/folders`, { token: w.alice.token }), field: 'projectId' },
    foreign: async (w) => api('GET', foldersPath(w.alice, await newBrand(w.alice)), { token: w.mallory.token }),
  },
  ensureDriveFolders: {
    happy: async (w) => api('POST', foldersPath(w.alice, await driveBrand(w)), { token: w.alice.token }),
    expectHappy: ({ body }) => expect(body).toEqual({ root: { ...folder, name: expect.stringMatching(/^Import /) }, raw: { ...folder, name: 'raw' }, final: { ...folder, name: 'final' } }),
    bad: { call: async (w) => api('POST', `/workspaces/${w.alice.workspaceId}/projects/bad!id/drive/folders`, { token: w.alice.token }), field: 'projectId' },
    foreign: async (w) => api('POST', foldersPath(w.alice, await newBrand(w.alice)), { token: w.mallory.token }),
  },
  createTaskDriveFolders: {
    happy: async (w) => {
      const task = await newTask(w.alice, await driveBrand(w), 'Route case reel');
      return api('POST', taskFoldersPath(w.alice, task.uid), { token: w.alice.token });
    },
    expectHappy: ({ body }) => expect(body).toEqual({ raw: { ...folder, name: expect.stringMatching(/^#\d+ Route case reel$/) }, final: { ...folder, name: expect.stringMatching(/^#\d+ Route case reel$/) } }),
    bad: { call: async (w) => api('POST', taskFoldersPath(w.alice, 'bad!id'), { token: w.alice.token }), field: 'taskId' },
    foreign: async (w) => api('POST', taskFoldersPath(w.alice, (await newTask(w.alice, await newBrand(w.alice))).uid), { token: w.mallory.token }),
  },
} satisfies Partial<Record<RouteName, Case>>;
