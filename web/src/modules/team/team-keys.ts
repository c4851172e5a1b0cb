import { queryClient } from '../../api/query-client';

/** The query-cache keys of a workspace's team: every one starts with `all(workspaceId)`, so a change refreshes them together. */
export const teamKeys = {
  all: (workspaceId: string) => ['workspace', workspaceId, 'team'] as const,
  list: (workspaceId: string, query: Readonly<Record<string, string | undefined>>) => [...teamKeys.all(workspaceId), 'list', query] as const,
  member: (workspaceId: string, userId: string) => [...teamKeys.all(workspaceId), 'member', userId] as const,
};

/** After an invite, a role change or a removal: the team's lists and members are fetched again where shown. */
export const invalidateTeam = (workspaceId: string) => queryClient.invalidateQueries({ queryKey: teamKeys.all(workspaceId) });
