import type { z } from 'zod/mini';
import type { projectUser } from '#shared/schemas/collab';
import { api } from '../../api/client';

export type ProjectUser = z.infer<typeof projectUser>;

/** The brand's people; a 403 (not a project admin) is the page's to explain, so no notification. */
export const listProjectUsers = (workspaceId: string, projectId: string, signal?: AbortSignal) =>
  api.call('listProjectUsers', { params: { workspaceId, projectId }, notify: false, signal });

/** Grants a request, or adds a workspace member to the brand. */
export const grantProjectUser = (workspaceId: string, projectId: string, userId: string) =>
  api.call('grantProjectAccess', { params: { workspaceId, projectId }, body: { userId } });

/** Takes access away, or declines a request. */
export const removeProjectUser = (workspaceId: string, projectId: string, userId: string) =>
  api.call('removeProjectUser', { params: { workspaceId, projectId, userId } });
