import type { TeamMember } from '#shared/schemas/workspace';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../i18n';
import { fetchMember } from './team-service';
import { teamKeys } from './team-keys';

export type MemberState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; member: TeamMember };

/** One member of the workspace (GET member), for the member's profile and edit pages. */
export const useMember = (workspaceId: string | undefined, userId: string): MemberState => {
  const query = useQuery({
    queryKey: teamKeys.member(workspaceId ?? '', userId),
    queryFn: ({ signal }) => fetchMember(workspaceId as string, userId, signal),
    enabled: !!workspaceId,
  });
  if (query.isError) return { status: 'failed', message: errorText(query.error) };
  return query.data ? { status: 'ready', member: query.data } : { status: 'loading' };
};
