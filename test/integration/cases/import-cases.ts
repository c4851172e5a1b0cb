import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { api } from '../support/api';
import { siteUrl } from '../support/generation';
import { importsPath, newBrand, startImport, uploadCsv, waitForImport } from '../support/imports';
import { type Case, type World } from '../support/route-case';

/** A brand of Alice's with a finished import (one row that fails: a page that is not there). */
const aliceImport = async (w: World) => {
  const projectId = await newBrand(w.alice);
  const started = await startImport(w.alice, projectId, `url\n${siteUrl('/site/nothing-here-404')}\n`);
  await waitForImport(w.alice, projectId, started.uid);
  return { projectId, importId: started.uid, path: `${importsPath(w.alice, projectId)}/${started.uid}` };
};

/** Bulk import of posts from CSV: each route on the local stack; Mallory's calls on Alice's brand are refused. */
export const importCases = {
  createImportUpload: {
    happy: async (w) => api('POST', `${importsPath(w.alice, await newBrand(w.alice))}/upload`, { token: w.alice.token, body: { filename: 'Posts Q4.csv', size: 120 } }),
    expectHappy: ({ status, body }, w) => {
      expect(status).toBe(201);
      expect(body.upload_key).toMatch(new RegExp(`^pending/[^/]+/workspaces/${w.alice.workspaceId}/projects/[^/]+/imports/[^/]+/posts-q4\\.csv$`));
      expect(body.headers).toMatchObject({ 'content-type': 'text/csv' });
    },
    bad: { call: async (w) => api('POST', `${importsPath(w.alice, await newBrand(w.alice))}/upload`, { token: w.alice.token, body: { filename: 'big.csv', size: 10 * 1024 * 1024 + 1 } }), field: 'size' },
    foreign: async (w) => api('POST', `${importsPath(w.alice, await newBrand(w.alice))}/upload`, { token: w.mallory.token, body: { filename: 'x.csv', size: 10 } }),
  },
  createImport: {
    happy: async (w) => {
      const projectId = await newBrand(w.alice);
      const key = await uploadCsv(w.alice, projectId, `url\n${siteUrl('/site/bakery')}\n`);
      return api('POST', importsPath(w.alice, projectId), { token: w.alice.token, body: { upload_key: key, create_tasks: false } });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ uid: expect.any(String), status: 'queued', filename: 'posts.csv', total: 0, processed: 0, create_tasks: false });
    },
    bad: { call: async (w) => api('POST', importsPath(w.alice, await newBrand(w.alice)), { token: w.alice.token, body: { upload_key: '', create_tasks: false } }), field: 'upload_key' },
    foreign: async (w) => {
      const projectId = await newBrand(w.alice);
      const key = await uploadCsv(w.alice, projectId, `url\n${siteUrl('/site/bakery')}\n`);
      return api('POST', importsPath(w.alice, projectId), { token: w.mallory.token, body: { upload_key: key } });
    },
  },
  listImports: {
    happy: async (w) => api('GET', importsPath(w.alice, (await aliceImport(w)).projectId), { token: w.alice.token }),
    expectHappy: ({ body }) => expect(body.items).toEqual([expect.objectContaining({ status: 'completed', total: 1, processed: 1, failed: 1 })]),
    bad: { call: (w) => api('GET', `/workspaces/${w.alice.workspaceId}/projects/bad!id/imports`, { token: w.alice.token }), field: 'projectId' },
    foreign: async (w) => api('GET', importsPath(w.alice, await newBrand(w.alice)), { token: w.mallory.token }),
  },
  getImport: {
    happy: async (w) => api('GET', (await aliceImport(w)).path, { token: w.alice.token }),
    expectHappy: ({ body }) => expect(body).toMatchObject({ status: 'completed', total: 1, processed: 1, imported: 0, duplicate: 0, failed: 1, finished_at: expect.any(String) }),
    bad: { call: async (w) => api('GET', `${importsPath(w.alice, await newBrand(w.alice))}/bad!id`, { token: w.alice.token }), field: 'importId' },
    foreign: async (w) => api('GET', (await aliceImport(w)).path, { token: w.mallory.token }),
  },
  cancelImport: {
    happy: async (w) => api('POST', `${(await aliceImport(w)).path}/cancel`, { token: w.alice.token }),
    // A finished import is answered as it is.
    expectHappy: ({ status, body }) => {
      expect(status).toBe(200);
      expect(body.status).toBe('completed');
    },
    bad: { call: async (w) => api('POST', `${importsPath(w.alice, await newBrand(w.alice))}/bad!id/cancel`, { token: w.alice.token }), field: 'importId' },
    foreign: async (w) => api('POST', `${(await aliceImport(w)).path}/cancel`, { token: w.mallory.token }),
  },
  importFailures: {
    happy: async (w) => api('GET', `${(await aliceImport(w)).path}/failures`, { token: w.alice.token }),
    expectHappy: ({ body, headers }) => {
      expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(headers.get('content-disposition')).toBe('attachment; filename="import-failures.csv"');
      const [header, row] = body.split('\r\n');
      expect(header).toBe('row,url,reason');
      expect(row).toMatch(/^1,http:\/\/.+\/site\/nothing-here-404,Not found$/);
    },
    bad: { call: async (w) => api('GET', `${importsPath(w.alice, await newBrand(w.alice))}/bad!id/failures`, { token: w.alice.token }), field: 'importId' },
    foreign: async (w) => api('GET', `${(await aliceImport(w)).path}/failures`, { token: w.mallory.token }),
  },
} satisfies Partial<Record<RouteName, Case>>;
