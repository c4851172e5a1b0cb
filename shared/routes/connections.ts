import { route } from './route-spec';
import { empty } from '../schemas/common';
import {
  completeConnectionBody,
  completedConnection,
  connectAnswer,
  connection,
  connectionList,
  connectionParams,
  syncQueued,
  updateConnectionBody,
} from '../schemas/connections';
import { projectParams } from '../schemas/project';

/**
 * Connected accounts of a brand (issue 14): Instagram, YouTube and Google Drive, each through the provider's
 * OAuth consent. Project admins connect, edit and disconnect; anyone who may open the brand sees them. Tokens are
 * sealed on the server and never in an answer.
 */
export const connectionsRoutes = {
  listConnections: route({
    id: 'list-connections',
    method: 'GET',
    path: '/workspaces/{workspaceId}/projects/{projectId}/connections',
    auth: 'workspace',
    permission: 'projects.read',
    projectRole: 'access',
    params: projectParams,
    response: connectionList,
    access: { table: 'read', bucket: 'read' },
    summary: "A brand's connected accounts, every type (not_connected when absent): account, content pillars, last sync; never a token",
  }),
  connectConnection: route({
    id: 'connect-connection',
    method: 'POST',
    path: '/workspaces/{workspaceId}/projects/{projectId}/connections/{type}/connect',
    auth: 'workspace',
    permission: 'projects.read',
    projectRole: 'admin',
    params: connectionParams,
    response: connectAnswer,
    access: { table: 'readWrite', oauthApps: true },
    summary: 'Where to send the person to consent (connect, or reconnect an account whose tokens were revoked); the link works once, for 30 minutes',
  }),
  completeConnectionOAuth: route({
    id: 'complete-connection-oauth',
    method: 'POST',
    path: '/connections/oauth/complete',
    auth: 'user',
    body: completeConnectionBody,
    response: completedConnection,
    access: { table: 'readWrite', secrets: 'seal', queues: ['social-sync', 'ai-generation'] },
    summary:
      "Finish a connection's consent: /integration-success posts the code and the single-use `conn.` state; the tokens are sealed and stored, the account read, a first sync queued (and for Instagram its content pillars derived by an AI job)",
  }),
  updateConnection: route({
    id: 'update-connection',
    method: 'PATCH',
    path: '/workspaces/{workspaceId}/projects/{projectId}/connections/{type}',
    auth: 'workspace',
    permission: 'projects.read',
    projectRole: 'admin',
    params: connectionParams,
    body: updateConnectionBody,
    response: connection,
    access: { table: 'readWrite', bucket: 'read' },
    summary: "Edit a connected account's record: its content pillars",
  }),
  deleteConnection: route({
    id: 'delete-connection',
    method: 'DELETE',
    path: '/workspaces/{workspaceId}/projects/{projectId}/connections/{type}',
    auth: 'workspace',
    permission: 'projects.read',
    projectRole: 'admin',
    params: connectionParams,
    response: empty,
    status: 204,
    access: { table: 'readWrite', bucket: 'readWrite' },
    summary: 'Disconnect: the connection and its tokens are deleted; posts already synced stay in the library',
  }),
  syncConnection: route({
    id: 'sync-connection',
    method: 'POST',
    path: '/workspaces/{workspaceId}/projects/{projectId}/connections/{type}/sync',
    auth: 'workspace',
    permission: 'projects.read',
    projectRole: 'admin',
    params: connectionParams,
    response: syncQueued,
    status: 202,
    access: { table: 'readWrite', queues: ['social-sync'] },
    summary: 'Sync a connected Instagram or YouTube account now (queued; the list shows the outcome); a click while one waits queues nothing more',
  }),
} as const;
