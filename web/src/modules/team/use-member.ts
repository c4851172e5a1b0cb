import type { TeamMember } from '#shared/schemas/workspace';
import { useEffect, useState } from 'react';
import { isApiError } from '../../api/client';
import { translateError } from '../../i18n';
import { fetchMember } from './team-service';

export type MemberState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; member: TeamMember };

/** One member of the workspace (GET member), for the member's profile and edit pages. */
export const useMember = (workspaceId: string | undefined, userId: string) => {
  const [state, setState] = useState<MemberState>({ status: 'loading' });
  useEffect(() => {
    if (!workspaceId) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchMember(workspaceId, userId, controller.signal)
      .then((member) => setState({ status: 'ready', member }))
      .catch((caught) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', message: isApiError(caught) ? translateError(caught.code, caught.message) : String(caught) });
      });
    return () => controller.abort();
  }, [workspaceId, userId]);
  return state;
};
