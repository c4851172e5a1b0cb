import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../api/client';
import { listProjectUsers, type ProjectUser } from './project-users-service';

export type ProjectUsersLoad =
  | { status: 'loading' }
  | { status: 'loaded'; users: ProjectUser[] }
  /** forbidden: only project admins (and workspace admins) see a brand's people. */
  | { status: 'forbidden' | 'failed' };

/** The brand's people, reloadable after a grant or removal. */
export const useProjectUsers = (workspaceId: string | undefined, projectId: string | undefined) => {
  const [load, setLoad] = useState<ProjectUsersLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!workspaceId || !projectId) return;
    const controller = new AbortController();
    listProjectUsers(workspaceId, projectId, controller.signal)
      .then((users) => setLoad({ status: 'loaded', users }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ status: isApiError(error) && error.status === 403 ? 'forbidden' : 'failed' });
      });
    return () => controller.abort();
  }, [workspaceId, projectId, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { load, reload };
};

/** Workspace members who could be added: joined, not external, and not already granted (a request may be granted). */
export const addableMembers = <M extends { uid: string; status: string; role: string }>(team: readonly M[], users: readonly Pick<ProjectUser, 'user_uid' | 'status'>[]) => {
  const granted = new Set(users.filter((user) => user.status === 'granted').map((user) => user.user_uid));
  return team.filter((member) => member.status === 'joined' && member.role.toLowerCase() !== 'external' && !granted.has(member.uid));
};
