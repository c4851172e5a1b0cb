import { route } from './route-spec';
import { empty } from '../schemas/common';
import { createSavedViewBody, savedView, savedViewList, savedViewParams, updateSavedViewBody } from '../schemas/saved-views';
import { workspaceParams } from '../schemas/workspace';

/** A person's saved task views in a workspace: only ever their own (the key holds the caller's id). */
export const savedViewRoutes = {
  listSavedViews: route({
    id: 'list-saved-views',
    method: 'GET',
    path: '/workspaces/{workspaceId}/saved-views',
    auth: 'workspace',
    permission: 'tasks.read',
    params: workspaceParams,
    response: savedViewList,
    access: { table: 'read' },
    summary: "The caller's saved task views in the workspace, by name",
  }),
  createSavedView: route({
    id: 'create-saved-view',
    method: 'POST',
    path: '/workspaces/{workspaceId}/saved-views',
    auth: 'workspace',
    permission: 'tasks.read',
    params: workspaceParams,
    body: createSavedViewBody,
    response: savedView,
    status: 201,
    access: { table: 'readWrite' },
    summary: 'Save a task filter (and view mode) under a name of its own, up to 50 per person',
  }),
  updateSavedView: route({
    id: 'update-saved-view',
    method: 'PATCH',
    path: '/workspaces/{workspaceId}/saved-views/{viewUid}',
    auth: 'workspace',
    permission: 'tasks.read',
    params: savedViewParams,
    body: updateSavedViewBody,
    response: savedView,
    access: { table: 'readWrite' },
    summary: 'Rename a saved view or replace its filter or view mode',
  }),
  deleteSavedView: route({
    id: 'delete-saved-view',
    method: 'DELETE',
    path: '/workspaces/{workspaceId}/saved-views/{viewUid}',
    auth: 'workspace',
    permission: 'tasks.read',
    params: savedViewParams,
    response: empty,
    status: 204,
    access: { table: 'readWrite' },
    summary: 'Delete a saved view',
  }),
} as const;
