import { setTimeout as sleep } from 'node:timers/promises';
import type { Import } from '#shared/schemas/imports';
import { api } from './api';

type Owner = { token: string; workspaceId: string };

export const importsPath = (owner: Owner, projectId: string) => `/workspaces/${owner.workspaceId}/projects/${projectId}/imports`;

/** A new brand of the owner's. */
export const newBrand = async (owner: Owner): Promise<string> => {
  const project = await api('POST', `/workspaces/${owner.workspaceId}/projects`, { token: owner.token, body: { name: `Import ${Math.random().toString(36).slice(2, 8)}` } });
  if (project.status !== 201) throw new Error(`create project: ${project.status} ${JSON.stringify(project.body)}`);
  return project.body.uid as string;
};

/** Uploads a CSV as the browser does (presigned PUT with the signed headers); answers its upload key. */
export const uploadCsv = async (owner: Owner, projectId: string, csv: string | Uint8Array, filename = 'posts.csv'): Promise<string> => {
  const bytes = typeof csv === 'string' ? new TextEncoder().encode(csv) : csv;
  const upload = await api('POST', `${importsPath(owner, projectId)}/upload`, { token: owner.token, body: { filename, size: bytes.length } });
  if (upload.status !== 201) throw new Error(`import upload: ${upload.status} ${JSON.stringify(upload.body)}`);
  const put = await fetch(upload.body.upload_url, { method: 'PUT', headers: upload.body.headers, body: bytes as Uint8Array<ArrayBuffer> });
  if (!put.ok) throw new Error(`PUT import file: ${put.status} ${await put.text()}`);
  return upload.body.upload_key as string;
};

/** Uploads a CSV and starts its import. */
export const startImport = async (owner: Owner, projectId: string, csv: string | Uint8Array, createTasks = false): Promise<Import> => {
  const uploadKey = await uploadCsv(owner, projectId, csv);
  const created = await api('POST', importsPath(owner, projectId), { token: owner.token, body: { upload_key: uploadKey, create_tasks: createTasks } });
  if (created.status !== 201) throw new Error(`create import: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body as Import;
};

/** Polls the import until `done` holds (by default: finished), as the SPA's progress does. */
export const waitForImport = async (owner: Owner, projectId: string, importId: string, done: (item: Import) => boolean = (item) => ['completed', 'cancelled', 'failed'].includes(item.status), timeoutMs = 60_000): Promise<Import> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await api('GET', `${importsPath(owner, projectId)}/${importId}`, { token: owner.token });
    if (answer.status !== 200) throw new Error(`get import: ${answer.status} ${JSON.stringify(answer.body)}`);
    if (done(answer.body)) return answer.body as Import;
    if (Date.now() > until) throw new Error(`import ${importId} still ${JSON.stringify(answer.body)}`);
    await sleep(250);
  }
};
