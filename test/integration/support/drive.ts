import { api } from './api';
import { control } from './deliveries';
import { consentAt } from './integrations';

type Owner = { token: string; workspaceId: string };

export const brandPath = (owner: Owner, projectId: string) => `/workspaces/${owner.workspaceId}/projects/${projectId}`;
export const foldersPath = (owner: Owner, projectId: string) => `${brandPath(owner, projectId)}/drive/folders`;
export const taskFoldersPath = (owner: Owner, taskId: string) => `/workspaces/${owner.workspaceId}/tickets/${taskId}/drive-folders`;

/** Connects the brand's Google Drive end to end: connect, Allow at the fake Google consent, complete as /integration-success does. */
export const connectDrive = async (owner: Owner, projectId: string) => {
  const started = await api('POST', `${brandPath(owner, projectId)}/connections/drive/connect`, { token: owner.token });
  if (started.status !== 200) throw new Error(`connect drive: ${started.status} ${JSON.stringify(started.body)}`);
  const back = await consentAt(started.body.authorize_url, 'allow');
  const completed = await api('POST', '/connections/oauth/complete', { token: owner.token, body: { state: back.state, code: back.code } });
  if (completed.status !== 200) throw new Error(`complete drive consent: ${completed.status} ${JSON.stringify(completed.body)}`);
  return completed.body;
};

/** A task of the brand (a Post: its fields show the Drive links). */
export const newTask = async (owner: Owner, projectId: string, summary = 'Spring launch reel') => {
  const created = await api('POST', `/workspaces/${owner.workspaceId}/tickets`, { token: owner.token, body: { project_uid: projectId, summary, ticket_type: 'post', post_platform: 'instagram' } });
  if (created.status !== 201) throw new Error(`create task: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body as { uid: string; id: number; updated_at: string };
};

export type FakeDriveFile = { id: string; name: string; parents: string[]; trashed: boolean; byApp: boolean };
/** Every file of the fake Drive (the person's own folders too). */
export const driveFiles = async (): Promise<FakeDriveFile[]> => (await control('GET', '/state.json')).drive.files;
