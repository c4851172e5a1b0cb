import { since } from './classify';
import { googleApi, googleApiFailure, googleCall } from './google-oauth';
import type { ProviderHttpOptions } from './http';
import type { Call } from './social';

/**
 * Google Drive folders through the Drive API v3 (every call through the guarded fetcher) with the
 * drive.file scope: the app sees only what it created, so a folder is found again by name and parent among the
 * app's own files, and a folder the person trashed counts as gone (the caller makes a new one).
 */
export type DriveFolder = { id: string; name: string; /** webViewLink: the folder's page in Drive. */ url: string };

export const FOLDER_MIME_TYPE = 'application/vnd.google-apps.folder';
const FOLDER_FIELDS = 'id,name,webViewLink,trashed,mimeType';

/** A string literal in a Drive query: backslashes and single quotes escaped. */
export const driveQueryString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The query that finds a live folder by exact name, in a parent (My Drive's root when none). */
export const folderQuery = (name: string, parentId?: string) =>
  [`name = ${driveQueryString(name)}`, `mimeType = '${FOLDER_MIME_TYPE}'`, 'trashed = false', `${driveQueryString(parentId ?? 'root')} in parents`].join(' and ');

type DriveFile = { id?: string | null; name?: string | null; webViewLink?: string | null; trashed?: boolean | null; mimeType?: string | null };
const folderOf = (file: DriveFile): DriveFolder => ({ id: file.id ?? '', name: file.name ?? '', url: file.webViewLink ?? `https://drive.google.com/drive/folders/${file.id}` });

export type DriveClient = {
  /** The app's live folder of that name in that parent, or undefined. */
  findFolder(input: { name: string; parentId?: string }): Promise<Call<DriveFolder | undefined>>;
  createFolder(input: { name: string; parentId?: string }): Promise<Call<DriveFolder>>;
  /** The folder, or undefined when it is trashed, deleted or not the app's to see. */
  getFolder(id: string): Promise<Call<DriveFolder | undefined>>;
};

export const driveClient = (accessToken: string, options: ProviderHttpOptions = {}): DriveClient => {
  const api = googleApi(accessToken, options);
  const file = (id: string) => `/drive/v3/files/${encodeURIComponent(id)}`;
  return {
    findFolder: ({ name, parentId }) =>
      googleCall(async () => {
        const data = await api<{ files?: DriveFile[] }>('GET', '/drive/v3/files', { query: { q: folderQuery(name, parentId), fields: `files(${FOLDER_FIELDS})`, pageSize: 10, spaces: 'drive' } });
        const found = (data.files ?? []).find((f) => f.id && !f.trashed);
        return found ? folderOf(found) : undefined;
      }),
    createFolder: ({ name, parentId }) =>
      googleCall(async () => {
        return folderOf(await api<DriveFile>('POST', '/drive/v3/files', { query: { fields: FOLDER_FIELDS }, json: { name, mimeType: FOLDER_MIME_TYPE, ...(parentId ? { parents: [parentId] } : {}) } }));
      }),
    getFolder: async (id) => {
      const started = performance.now();
      try {
        const data = await api<DriveFile>('GET', file(id), { query: { fields: FOLDER_FIELDS } });
        return { ok: true, value: data.trashed || data.mimeType !== FOLDER_MIME_TYPE ? undefined : folderOf(data) };
      } catch (error) {
        const failure = googleApiFailure(error, since(started));
        // Deleted, or never the app's to see (drive.file): gone, as a trashed one is.
        return failure.status === 404 ? { ok: true, value: undefined } : failure;
      }
    },
  };
};
