import type { ConnectionType } from '#shared/schemas/connections';
import { api } from './api';
import { completeConsent, consentAt } from './integrations';

type Owner = { token: string; workspaceId: string };

export const connectionsPath = (owner: Pick<Owner, 'workspaceId'>, projectId: string) => `/workspaces/${owner.workspaceId}/projects/${projectId}/connections`;

/** Asks for a consent link of a brand's connection (connect or reconnect). */
export const startConnect = async (owner: Owner, projectId: string, type: ConnectionType) => {
  const started = await api('POST', `${connectionsPath(owner, projectId)}/${type}/connect`, { token: owner.token });
  if (started.status !== 200) throw new Error(`connect ${type}: ${started.status} ${JSON.stringify(started.body)}`);
  return started.body.authorize_url as string;
};

/** Connects an account end to end against the fakes (consent link, Allow at the fake, completion): answers the completion. */
export const connectAccount = async (owner: Owner, projectId: string, type: ConnectionType) => {
  const back = await consentAt(await startConnect(owner, projectId, type), 'allow');
  const completed = await completeConsent(owner.token, back);
  if (completed.status !== 200) throw new Error(`complete ${type}: ${completed.status} ${JSON.stringify(completed.body)}`);
  return completed;
};
