import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { useAuthStore } from '../auth/auth-store';
import { listProjectUsers } from '../project-users/project-users-service';
import { useCurrentMembership } from '../workspaces/workspace-store';
import { isAdminAmong, knownProjectAdmin } from './project-edit';
import type { Project } from './project-store';

export type ProjectAdminAnswer = 'yes' | 'no' | 'checking' | 'failed';

const ADMIN_ANSWERS = ['project-admin'] as const;

/** A workspace load or switch (or a logout) asks again: roles may have changed meanwhile. */
export const forgetProjectAdmins = () => queryClient.removeQueries({ queryKey: ADMIN_ANSWERS });

/** The brand's people list answers only its admins (403 for anyone else: not one), with the caller's own role in it. */
const askServer = async (workspaceId: string, projectId: string, userId: string, signal: AbortSignal) => {
  try {
    return isAdminAmong(await listProjectUsers(workspaceId, projectId, signal), userId);
  } catch (error) {
    if (isApiError(error) && error.status === 403) return false;
    throw error;
  }
};

/**
 * May the caller edit this brand (Manage Project in edit mode)? The server's rule: a workspace admin, or an
 * owner/admin of the brand. Known at once for admins and the brand's creator; anyone else with access is asked
 * of the server once per brand (the side navigation asks on every page of it). `retry` asks again after a failure.
 */
export const useProjectAdmin = (project: Pick<Project, 'uid' | 'has_permission' | 'owner'> | undefined) => {
  const membership = useCurrentMembership();
  const userId = useAuthStore((state) => state.user?.uid);
  const known = project ? knownProjectAdmin(membership?.role, userId, project) : false;
  const workspaceId = membership?.workspaces.uid ?? '';
  const question = useQuery({
    queryKey: [...ADMIN_ANSWERS, workspaceId, project?.uid ?? '', userId ?? ''],
    queryFn: ({ signal }) => askServer(workspaceId, project?.uid as string, userId as string, signal),
    enabled: known === undefined && !!project && !!membership && !!userId,
    staleTime: Infinity,
  });
  const answer: ProjectAdminAnswer =
    known !== undefined
      ? known
        ? 'yes'
        : 'no'
      : question.data !== undefined
        ? question.data
          ? 'yes'
          : 'no'
        : question.isError && !question.isFetching
          ? 'failed'
          : 'checking';
  return { answer, retry: () => void question.refetch() };
};
