import { useEffect, useState } from 'react';
import { isApiError } from '../../api/client';
import { useAuthStore } from '../auth/auth-store';
import { listProjectUsers } from '../project-users/project-users-service';
import { useCurrentMembership } from '../workspaces/workspace-store';
import { isAdminAmong, knownProjectAdmin } from './project-edit';
import type { Project } from './project-store';

export type ProjectAdminAnswer = 'yes' | 'no' | 'checking' | 'failed';

// One question per brand and session: the side navigation asks on every page of the brand.
const asked = new Map<string, Promise<boolean>>();

/** A workspace load or switch (or a logout) asks again: roles may have changed meanwhile. */
export const forgetProjectAdmins = () => asked.clear();

/** The brand's people list answers only its admins (403 for anyone else), with the caller's own role in it. */
const askServer = (workspaceId: string, projectId: string, userId: string) => {
  const key = `${workspaceId}/${projectId}/${userId}`;
  let answer = asked.get(key);
  if (!answer) {
    answer = listProjectUsers(workspaceId, projectId).then(
      (users) => isAdminAmong(users, userId),
      (error: unknown) => {
        if (isApiError(error) && error.status === 403) return false;
        asked.delete(key); // a failure is not an answer: ask again next time
        throw error;
      },
    );
    asked.set(key, answer);
  }
  return answer;
};

/**
 * May the caller edit this brand (Manage Project in edit mode)? The server's rule: a workspace admin, or an
 * owner/admin of the brand. Known at once for admins and the brand's creator; anyone else with access is asked
 * of the server once. `retry` asks again after a failure.
 */
export const useProjectAdmin = (project: Pick<Project, 'uid' | 'has_permission' | 'owner'> | undefined) => {
  const membership = useCurrentMembership();
  const userId = useAuthStore((state) => state.user?.uid);
  const known = project ? knownProjectAdmin(membership?.role, userId, project) : false;
  const key = project && membership && userId && known === undefined ? `${membership.workspaces.uid}/${project.uid}/${userId}` : undefined;
  const [answer, setAnswer] = useState<{ key: string; value: ProjectAdminAnswer }>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!key || !project || !membership || !userId) return;
    let current = true;
    askServer(membership.workspaces.uid, project.uid, userId).then(
      (admin) => current && setAnswer({ key, value: admin ? 'yes' : 'no' }),
      () => current && setAnswer({ key, value: 'failed' }),
    );
    return () => {
      current = false;
    };
    // The key names the workspace, the brand and the caller: ask again only when one of them changes.
  }, [key, attempt]);

  const value: ProjectAdminAnswer = known !== undefined ? (known ? 'yes' : 'no') : answer?.key === key && answer ? answer.value : 'checking';
  return { answer: value, retry: () => setAttempt((count) => count + 1) };
};
