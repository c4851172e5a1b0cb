import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../api/client';
import { listProjectUsers, projectUsersKey, type ProjectUser } from './project-users-service';

export type ProjectUsersLoad =
  | { status: 'loading' }
  | { status: 'loaded'; users: ProjectUser[] }
  /** forbidden: only project admins (and workspace admins) see a brand's people. */
  | { status: 'forbidden' | 'failed' };

/** The brand's people; a grant or removal (project-users-service) fetches them again. */
export const useProjectUsers = (workspaceId: string | undefined, projectId: string | undefined) => {
  const query = useQuery({
    queryKey: projectUsersKey(workspaceId ?? '', projectId ?? ''),
    queryFn: ({ signal }) => listProjectUsers(workspaceId as string, projectId as string, signal),
    enabled: !!workspaceId && !!projectId,
  });
  const load: ProjectUsersLoad = query.isError
    ? { status: isApiError(query.error) && query.error.status === 403 ? 'forbidden' : 'failed' }
    : query.data
      ? { status: 'loaded', users: query.data }
      : { status: 'loading' };
  return { load, reload: () => void query.refetch() };
};

/** Workspace members who could be added: joined, not external, and not already granted (a request may be granted). */
export const addableMembers = <M extends { uid: string; status: string; role: string }>(team: readonly M[], users: readonly Pick<ProjectUser, 'user_uid' | 'status'>[]) => {
  const granted = new Set(users.filter((user) => user.status === 'granted').map((user) => user.user_uid));
  return team.filter((member) => member.status === 'joined' && member.role.toLowerCase() !== 'external' && !granted.has(member.uid));
};
