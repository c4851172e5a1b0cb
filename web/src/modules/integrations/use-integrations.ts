import { useQuery } from '@tanstack/react-query';
import { integrationKeys, listIntegrations } from './integration-service';

/** A brand's integrations (the page and the task form); a change made through integration-service fetches them again. */
export const useIntegrations = (workspaceId: string | undefined, projectId: string | undefined) => {
  const query = useQuery({
    queryKey: integrationKeys.list(workspaceId ?? '', projectId ?? ''),
    queryFn: ({ signal }) => listIntegrations({ workspaceId: workspaceId as string, projectId: projectId as string }, signal),
    enabled: !!workspaceId && !!projectId,
  });
  return {
    integrations: query.data,
    loading: query.isPending && query.fetchStatus !== 'idle',
    failed: query.isError,
    reload: () => void query.refetch(),
  };
};
