import { randomBytes } from 'node:crypto';
import { escapeHtml } from '../mail';
import { bearer, json, type FakeRequest, type FakeResponse } from './core';
import { HTML, page, type OAuthServer } from './oauth';

/**
 * Google Drive API v3, the subset the Drive client calls, at the origin's /drive/v3 (as www.googleapis.com serves
 * it): files.create (metadata only: folders), files.list (q with name =/!=/contains, '<id>' in parents, mimeType =/!=,
 * trashed =, joined by `and`; pageSize/pageToken; fields masks such as `files(id,name),nextPageToken`), files.get,
 * files.update (name, trashed) and files.delete. The drive.file scope sees only the files this app created: the
 * folders a person made in Drive themselves answer 404 to it, as Drive does; the full drive scope sees everything.
 * webViewLink points at a local page of the folder (/drive/folders/<id>), so "open in Drive" works offline.
 * Errors carry Google's shape; 404 is `File not found: <id>.` with location fileId.
 */
export const FOLDER_MIME = 'application/vnd.google-apps.folder';
const ROOT_ID = '0ALocalMyDriveRootFolder000';

type DriveFile = {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  trashed: boolean;
  createdTime: string;
  modifiedTime: string;
  /** Made through the API by this app (visible under drive.file) or by the person in Drive's own UI. */
  byApp: boolean;
};

const REASONS: Record<number, [string, string, string]> = {
  400: ['badRequest', 'INVALID_ARGUMENT', 'Bad Request'],
  401: ['authError', 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.'],
  403: ['userRateLimitExceeded', 'PERMISSION_DENIED', 'User rate limit exceeded.'],
  404: ['notFound', 'NOT_FOUND', 'File not found.'],
  429: ['rateLimitExceeded', 'RESOURCE_EXHAUSTED', 'Rate limit exceeded.'],
  500: ['backendError', 'INTERNAL', 'Internal Error'],
  503: ['backendError', 'UNAVAILABLE', 'The service is currently unavailable.'],
};

export const driveErrorBody = (status: number, override?: { reason?: string; message?: string; location?: string; domain?: string }) => {
  const [reason, statusName, message] = REASONS[status] ?? REASONS[status >= 500 ? 500 : 400]!;
  const domain = override?.domain ?? (status === 403 || status === 429 ? 'usageLimits' : 'global');
  const error = { message: override?.message ?? message, domain, reason: override?.reason ?? reason, ...(override?.location ? { location: override.location, locationType: 'parameter' } : {}) };
  return { error: { code: status, message: error.message, errors: [error], status: statusName } };
};

type Clause = (file: DriveFile) => boolean;

/** Reads a Drive query (the subset above). A string is the reason it is refused. */
export const parseDriveQuery = (q: string): Clause | string => {
  let at = 0;
  const space = () => {
    while (at < q.length && /\s/.test(q[at]!)) at++;
  };
  const word = () => {
    space();
    const match = /^[A-Za-z]+|^!=|^=/.exec(q.slice(at));
    if (!match) return undefined;
    at += match[0].length;
    return match[0];
  };
  const string = () => {
    space();
    if (q[at] !== "'") return undefined;
    at++;
    let out = '';
    while (at < q.length && q[at] !== "'") {
      if (q[at] === '\\' && at + 1 < q.length) at++;
      out += q[at++];
    }
    if (q[at] !== "'") return undefined;
    at++;
    return out;
  };
  const clauses: Clause[] = [];
  for (;;) {
    space();
    if (q[at] === "'") {
      const id = string();
      if (id === undefined || word() !== 'in' || word() !== 'parents') return 'Invalid Value';
      clauses.push((f) => f.parents.includes(id === 'root' ? ROOT_ID : id));
    } else {
      const field = word();
      const op = word();
      if (field === 'trashed') {
        const value = word();
        if (op !== '=' && op !== '!=') return 'Invalid Value';
        if (value !== 'true' && value !== 'false') return 'Invalid Value';
        const wanted = (value === 'true') === (op === '=');
        clauses.push((f) => f.trashed === wanted);
      } else if (field === 'name' || field === 'mimeType') {
        const value = string();
        if (value === undefined) return 'Invalid Value';
        if (op === '=') clauses.push((f) => f[field] === value);
        else if (op === '!=') clauses.push((f) => f[field] !== value);
        else if (op === 'contains' && field === 'name') clauses.push((f) => f.name.toLowerCase().includes(value.toLowerCase()));
        else return 'Invalid Value';
      } else return 'Invalid Value';
    }
    space();
    if (at >= q.length) break;
    if (word() !== 'and') return 'Invalid Value';
  }
  return (file) => clauses.every((c) => c(file));
};

/** A fields mask (`id,name,files(id,name),nextPageToken`) as a tree: true = the whole field. */
type Mask = Map<string, Mask | true>;
export const parseFieldMask = (text: string): Mask => {
  const mask: Mask = new Map();
  let depth = 0;
  let current = '';
  const push = (item: string) => {
    const trimmed = item.trim();
    if (!trimmed) return;
    const open = trimmed.indexOf('(');
    if (open < 0) mask.set(trimmed.split('/')[0]!, true);
    else mask.set(trimmed.slice(0, open).trim(), parseFieldMask(trimmed.slice(open + 1, trimmed.lastIndexOf(')'))));
  };
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      push(current);
      current = '';
    } else current += ch;
  }
  push(current);
  return mask;
};
const applyMask = (value: Record<string, unknown>, mask: Mask | true): Record<string, unknown> => {
  if (mask === true || mask.has('*')) return value;
  return Object.fromEntries([...mask].filter(([name]) => name in value).map(([name, sub]) => [name, sub !== true && Array.isArray(value[name]) ? (value[name] as Record<string, unknown>[]).map((v) => applyMask(v, sub)) : value[name]]));
};

export const createDrive = (oauth: OAuthServer, options: { now?: () => number } = {}) => {
  const now = options.now ?? Date.now;
  const files = new Map<string, DriveFile>();

  const newId = () => `1${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x').slice(0, 32)}`;
  const add = (name: string, mimeType: string, parents: string[], byApp: boolean) => {
    const at = new Date(now()).toISOString();
    const file: DriveFile = { id: newId(), name, mimeType, parents, trashed: false, createdTime: at, modifiedTime: at, byApp };
    files.set(file.id, file);
    return file;
  };
  /** A folder the person made in Drive's own UI: drive.file never sees it. */
  const seed = () => {
    files.clear();
    const mine = add('Marketing (made in Drive)', FOLDER_MIME, [ROOT_ID], false);
    add('Old brand assets', FOLDER_MIME, [mine.id], false);
  };
  seed();

  const view = (origin: string, f: DriveFile) => ({
    kind: 'drive#file',
    id: f.id,
    name: f.name,
    mimeType: f.mimeType,
    parents: f.parents,
    trashed: f.trashed,
    createdTime: f.createdTime,
    modifiedTime: f.modifiedTime,
    webViewLink: f.mimeType === FOLDER_MIME ? `${origin}/drive/folders/${f.id}` : `${origin}/drive/file/d/${f.id}/view`,
    iconLink: `${origin}/drive/icon/${encodeURIComponent(f.mimeType)}`,
    ownedByMe: true,
    capabilities: { canAddChildren: f.mimeType === FOLDER_MIME, canEdit: true, canTrash: true },
  });
  const DEFAULT_FILE_FIELDS = ['kind', 'id', 'name', 'mimeType'];
  const fileMask = (req: FakeRequest): Mask => {
    const fields = req.query.get('fields');
    return fields ? parseFieldMask(fields) : new Map(DEFAULT_FILE_FIELDS.map((name) => [name, true as const]));
  };

  const fail = (status: number, summary: string, override?: Parameters<typeof driveErrorBody>[1]) => json(status, driveErrorBody(status, override), { summary });
  const notFound = (id: string) => fail(404, `file ${id}: not found`, { message: `File not found: ${id}.`, location: 'fileId' });

  const api = (req: FakeRequest): FakeResponse => {
    const token = bearer(req) ?? req.query.get('access_token') ?? undefined;
    if (!oauth.isValid(token)) return fail(401, `${req.method} ${req.path}: invalid credentials`);
    const scope = oauth.scopeOf(token) ?? '';
    const full = /\/auth\/drive(\s|$)/.test(scope);
    if (!full && !/\/auth\/drive\.file(\s|$)/.test(scope)) return fail(403, `${req.path}: insufficient scopes`, { domain: 'global', reason: 'insufficientPermissions', message: 'Request had insufficient authentication scopes.' });
    const visible = (f: DriveFile | undefined): f is DriveFile => !!f && (full || f.byApp);
    const { method, path } = req;

    if (path === '/drive/v3/files' && method === 'POST') {
      const body = req.body ?? {};
      const name = typeof body.name === 'string' && body.name ? body.name : 'Untitled';
      const mimeType = typeof body.mimeType === 'string' ? body.mimeType : 'application/octet-stream';
      const parents = Array.isArray(body.parents) ? body.parents.map(String).map((p) => (p === 'root' ? ROOT_ID : p)) : [ROOT_ID];
      if (parents.length > 1) return fail(400, 'create: several parents', { reason: 'cannotAddParent', message: 'Increasing the number of parents is not allowed.' });
      const parent = parents[0]!;
      if (parent !== ROOT_ID && !visible(files.get(parent))) return fail(404, `create: parent ${parent} not found`, { message: `File not found: ${parent}.`, location: 'fileId' });
      const file = add(name, mimeType, parents, true);
      return json(200, applyMask(view(req.origin, file), fileMask(req)), { summary: `created ${mimeType === FOLDER_MIME ? 'folder' : 'file'} "${name}"` });
    }

    if (path === '/drive/v3/files' && method === 'GET') {
      const q = req.query.get('q');
      const clause = q ? parseDriveQuery(q) : () => true;
      if (typeof clause === 'string') return fail(400, `list: q ${q}`, { reason: 'invalid', message: 'Invalid Value', location: 'q' });
      const sizeText = req.query.get('pageSize');
      const pageSize = sizeText === null ? 100 : Number(sizeText);
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) return fail(400, `list: pageSize ${sizeText}`, { reason: 'invalid', message: `Invalid value '${sizeText}'. Values must be within the range: [1, 1000]`, location: 'pageSize' });
      const token = req.query.get('pageToken');
      const start = token ? Number(Buffer.from(token, 'base64url').toString('utf8').replace(/^offset:/, '')) : 0;
      if (!Number.isInteger(start) || start < 0) return fail(400, 'list: bad pageToken', { reason: 'invalid', message: 'Invalid Value', location: 'pageToken' });
      const matching = [...files.values()].filter((f) => visible(f) && clause(f)).sort((a, b) => a.createdTime.localeCompare(b.createdTime) || a.id.localeCompare(b.id));
      const slice = matching.slice(start, start + pageSize);
      const more = start + pageSize < matching.length;
      const fields = req.query.get('fields');
      const listMask: Mask = fields ? parseFieldMask(fields) : new Map<string, Mask | true>([['kind', true], ['incompleteSearch', true], ['nextPageToken', true], ['files', new Map(DEFAULT_FILE_FIELDS.map((n) => [n, true as const]))]]);
      const body = {
        kind: 'drive#fileList',
        incompleteSearch: false,
        ...(more ? { nextPageToken: Buffer.from(`offset:${start + pageSize}`).toString('base64url') } : {}),
        files: slice.map((f) => view(req.origin, f)),
      };
      return json(200, applyMask(body, listMask), { summary: `list${q ? ` q=${q}` : ''}: ${slice.length}` });
    }

    const one = /^\/drive\/v3\/files\/([^/]+)$/.exec(path);
    if (one) {
      const id = decodeURIComponent(one[1]!);
      const file = files.get(id === 'root' ? ROOT_ID : id);
      if (id === 'root' && method === 'GET') {
        return json(200, applyMask({ kind: 'drive#file', id: ROOT_ID, name: 'My Drive', mimeType: FOLDER_MIME, trashed: false, webViewLink: `${req.origin}/drive/folders/${ROOT_ID}` }, fileMask(req)), { summary: 'get root' });
      }
      if (!visible(file)) return notFound(id);
      if (method === 'GET') return json(200, applyMask(view(req.origin, file), fileMask(req)), { summary: `get ${file.name}${file.trashed ? ' (trashed)' : ''}` });
      if (method === 'PATCH') {
        const body = req.body ?? {};
        if (typeof body.name === 'string' && body.name) file.name = body.name;
        if (typeof body.trashed === 'boolean') file.trashed = body.trashed;
        file.modifiedTime = new Date(now()).toISOString();
        return json(200, applyMask(view(req.origin, file), fileMask(req)), { summary: `update ${file.name}${file.trashed ? ' (trashed)' : ''}` });
      }
      if (method === 'DELETE') {
        for (const f of files.values()) if (f.parents.includes(file.id)) files.delete(f.id);
        files.delete(file.id);
        return { status: 204, summary: `deleted ${file.name}` };
      }
    }
    return fail(404, `${method} ${path}: not implemented`, { message: 'Not Found' });
  };

  /** The local stand-in for a folder's page in Drive: its name, path and what is inside. */
  const folderPage = (id: string): FakeResponse => {
    const folder = files.get(id);
    if (!folder) return { status: 404, contentType: HTML, body: page('Not found', '<main><h1>Not found</h1><p>No such folder in the local Google Drive.</p></main>') };
    const trail: string[] = [];
    for (let f: DriveFile | undefined = folder; f; f = files.get(f.parents[0] ?? '')) trail.unshift(f.name);
    const children = [...files.values()].filter((f) => f.parents.includes(id) && !f.trashed);
    return {
      status: 200,
      contentType: HTML,
      body: page(
        `${folder.name} - Google Drive (local)`,
        `<main><p class="muted">Local Google Drive (fake) · My Drive / ${trail.map(escapeHtml).join(' / ')}${folder.trashed ? ' · <strong>in the trash</strong>' : ''}</p>
<h1>${escapeHtml(folder.name)}</h1>
${children.length ? `<ul>${children.map((c) => `<li>${c.mimeType === FOLDER_MIME ? `<a href="/drive/folders/${escapeHtml(c.id)}">${escapeHtml(c.name)}</a>` : escapeHtml(c.name)}</li>`).join('')}</ul>` : '<p>This folder is empty.</p>'}</main>`,
      ),
    };
  };

  const handle = (req: FakeRequest): FakeResponse => {
    const folder = /^\/drive\/folders\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && folder) return folderPage(decodeURIComponent(folder[1]!));
    return api(req);
  };

  return {
    handle,
    /** Trashes a file as the person would in Drive (the app finds it trashed next time). */
    trash: (id: string) => {
      const file = files.get(id);
      if (!file) return false;
      file.trashed = true;
      file.modifiedTime = new Date(now()).toISOString();
      return true;
    },
    reset: seed,
    state: () => ({ files: [...files.values()].map((f) => ({ id: f.id, name: f.name, mimeType: f.mimeType, parents: f.parents, trashed: f.trashed, byApp: f.byApp, createdTime: f.createdTime })) }),
  };
};
export type FakeDrive = ReturnType<typeof createDrive>;

export const isDriveScope = (scope: string) => /\/auth\/drive/.test(scope);
