import { MIN_PART_BYTES } from '#shared/schemas/recordings';
import { api, type ApiAnswer } from './api';
import { newBrand } from './imports';

type Owner = { token: string; workspaceId: string };

export const recordingsPath = (owner: Pick<Owner, 'workspaceId'>) => `/workspaces/${owner.workspaceId}/recordings`;

/** Starts a recording in a new brand of the owner's (or the one given), optionally with a poster upload. */
export const startRecording = async (owner: Owner, options: { projectId?: string; poster?: { content_type: string; size: number }; name?: string } = {}) => {
  const projectId = options.projectId ?? (await newBrand(owner));
  const created = await api('POST', recordingsPath(owner), {
    token: owner.token,
    body: { project_uid: projectId, content_type: 'video/webm', ...(options.name ? { name: options.name } : {}), ...(options.poster ? { poster: options.poster } : {}) },
  });
  if (created.status !== 201) throw new Error(`create recording: ${created.status} ${JSON.stringify(created.body)}`);
  return { projectId, recording: created.body, path: `${recordingsPath(owner)}/${created.body.uid}` };
};

/** Signs and PUTs parts as the browser does; answers each part's number and ETag as S3 answered it. */
export const uploadParts = async (owner: Owner, path: string, parts: { number: number; bytes: number }[]) => {
  const signed = await api('POST', `${path}/parts`, { token: owner.token, body: { part_numbers: parts.map((part) => part.number) } });
  if (signed.status !== 200) throw new Error(`sign parts: ${signed.status} ${JSON.stringify(signed.body)}`);
  return Promise.all(
    parts.map(async (part) => {
      const url = signed.body.parts.find((p: { part_number: number }) => p.part_number === part.number).url as string;
      const put = await fetch(url, { method: 'PUT', body: new Uint8Array(part.bytes).fill(part.number) });
      if (!put.ok) throw new Error(`PUT part ${part.number}: ${put.status} ${await put.text()}`);
      return { part_number: part.number, etag: put.headers.get('etag') ?? '' };
    }),
  );
};

/** PUTs a poster to its presigned upload (type and size as signed). */
export const putPoster = async (upload: { url: string; headers: Record<string, string> }, bytes: number) => {
  const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: new Uint8Array(bytes).fill(7) });
  if (!put.ok) throw new Error(`PUT poster: ${put.status} ${await put.text()}`);
};

export const complete = (owner: Owner, path: string, body: unknown): Promise<ApiAnswer> => api('POST', `${path}/complete`, { token: owner.token, body });

/**
 * A ready recording of the owner's: two parts (5 MiB and a short last one) and a poster, completed. Answers the
 * recording and its path.
 */
export const readyRecording = async (owner: Owner, options: { projectId?: string; small?: boolean } = {}) => {
  const { projectId, recording, path } = await startRecording(owner, { projectId: options.projectId, poster: { content_type: 'image/jpeg', size: 64 } });
  await putPoster(recording.poster_upload, 64);
  const parts = await uploadParts(owner, path, options.small ? [{ number: 1, bytes: 2048 }] : [{ number: 1, bytes: MIN_PART_BYTES }, { number: 2, bytes: 1000 }]);
  const done = await complete(owner, path, { parts, duration_ms: 10_000, poster_key: recording.poster_upload.key });
  if (done.status !== 200) throw new Error(`complete recording: ${done.status} ${JSON.stringify(done.body)}`);
  return { projectId, recording: done.body, path };
};

/** A share link of the owner's ready recording; answers the share. */
export const shareRecording = async (owner: Owner, path: string) => {
  const share = await api('POST', `${path}/shares`, { token: owner.token });
  if (share.status !== 201) throw new Error(`share recording: ${share.status} ${JSON.stringify(share.body)}`);
  return share.body as { uid: string; url: string; created_at: string };
};
