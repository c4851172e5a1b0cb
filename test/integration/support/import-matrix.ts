import { api } from './api';

type Target = { workspaceId: string; projectId: string };
type Caller = { token: string };
type Input = { params: Record<string, string>; body?: unknown };

const brand = (t: Target) => ({ workspaceId: t.workspaceId, projectId: t.projectId });

/**
 * The caller's own uploaded CSV in the target's brand where they may upload one, else a key that is nobody's (the
 * gate refuses before it is looked at). The file has no URL, so its import fails at once and fetches nothing.
 */
const ownUpload = async (t: Target, caller: Caller): Promise<string> => {
  const bytes = new TextEncoder().encode('url\nnot a link\n');
  const upload = await api('POST', `/workspaces/${t.workspaceId}/projects/${t.projectId}/imports/upload`, { token: caller.token, body: { filename: 'matrix.csv', size: bytes.length } });
  if (upload.status !== 201) return `pending/nobody/workspaces/${t.workspaceId}/projects/${t.projectId}/imports/abcdefgh/matrix.csv`;
  const put = await fetch(upload.body.upload_url, { method: 'PUT', headers: upload.body.headers, body: bytes });
  if (!put.ok) throw new Error(`PUT import file: ${put.status}`);
  return upload.body.upload_key as string;
};

/** The permission matrix's valid input for each import route (test/integration/permissions.test.ts). An import id that exists nowhere is not_found past the gate. */
export const importMatrixInputs = {
  createImportUpload: (t: Target): Input => ({ params: brand(t), body: { filename: 'posts.csv', size: 64 } }),
  createImport: async (t: Target, caller: Caller): Promise<Input> => ({ params: brand(t), body: { upload_key: await ownUpload(t, caller), create_tasks: false } }),
  listImports: (t: Target): Input => ({ params: brand(t) }),
  getImport: (t: Target): Input => ({ params: { ...brand(t), importId: 'no-such-import' } }),
  cancelImport: (t: Target): Input => ({ params: { ...brand(t), importId: 'no-such-import' } }),
  importFailures: (t: Target): Input => ({ params: { ...brand(t), importId: 'no-such-import' } }),
};
