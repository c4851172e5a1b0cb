import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '#shared/schemas/dashboard';
import { api } from '../../api/client';

/** The viewer's time zone: "today" and "this week" are the days it is where they are, as the list's due presets. */
const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const dashboardKey = (workspaceId: string) => ['dashboard', workspaceId] as const;

/**
 * What needs the caller in a workspace (GET /workspaces/{id}/dashboard). Asked again when the page is shown again
 * (a task moved meanwhile); a failure is shown in place, not as a red notification.
 */
export const useDashboard = (workspaceId: string | undefined) =>
  useQuery<Dashboard>({
    queryKey: dashboardKey(workspaceId ?? ''),
    queryFn: ({ signal }) =>
      api.call('getDashboard', { params: { workspaceId: workspaceId as string }, query: { tz: viewerTimeZone() }, signal, notify: false }),
    enabled: !!workspaceId,
    refetchOnMount: 'always',
  });
