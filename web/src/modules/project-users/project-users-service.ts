import type { z } from 'zod/mini';
import type { projectUser } from '#shared/schemas/collab';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';

export type ProjectUser = z.infer<typeof projectUser>;

/** The brand's people; a 403 (not a project admin) is the page's to explain, so no notification. */
export const listProjectUsers = (workspaceId: string, projectId: string, signal?: AbortSignal) =>
  api.call('listProjectUsers', { params: { workspaceId, projectId }, notify: false, signal });

/** The query-cache key of a brand's people. */
export const projectUsersKey = (workspaceId: string, projectId: string) => ['workspace', workspaceId, 'project', projectId, 'users'] as const;

/** Grants a request, or adds a workspace member to the brand; the brand's people are fetched again. */
export const grantProjectUser = async (workspaceId: string, projectId: string, userId: string) => {
  const granted = await api.call('grantProjectAccess', { params: { workspaceId, projectId }, body: { userId } });
  void queryClient.invalidateQueries({ queryKey: projectUsersKey(workspaceId, projectId) });
  return granted;
};

/** Takes access away, or declines a request; the brand's people are fetched again. */
export const removeProjectUser = async (workspaceId: string, projectId: string, userId: string) => {
  await api.call('removeProjectUser', { params: { workspaceId, projectId, userId } });
  void queryClient.invalidateQueries({ queryKey: projectUsersKey(workspaceId, projectId) });
};
