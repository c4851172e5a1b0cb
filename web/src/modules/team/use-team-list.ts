import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useDebounced } from '../../ui/use-debounced';
import { teamKeys } from './team-keys';

export type TeamFilters = { search: string; role: string; status: string };

/** The query of GET users/all: lower-cased, and 'All' (or empty) means no filter (spec 5). */
export const teamQueryFrom = (filters: TeamFilters) => {
  const clean = (value: string) => {
    const lower = value.trim().toLowerCase();
    return lower === '' || lower === 'all' ? undefined : lower;
  };
  return { search: clean(filters.search), role: clean(filters.role), status: clean(filters.status) };
};

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The team table's rows, fetched from the server with the filters (search debounced). While a new filter loads,
 * the last rows stay; a failure (notified by the API client) shows none.
 */
export const useTeamList = (workspaceId: string | undefined, filters: TeamFilters) => {
  const search = useDebounced(filters.search, SEARCH_DEBOUNCE_MS);
  const query = teamQueryFrom({ search, role: filters.role, status: filters.status });
  const list = useQuery({
    queryKey: teamKeys.list(workspaceId ?? '', query),
    queryFn: ({ signal }) => api.call('listTeam', { params: { workspaceId: workspaceId as string }, query, signal }),
    enabled: !!workspaceId,
    placeholderData: keepPreviousData,
  });
  return { items: list.isError ? [] : (list.data ?? []), loading: list.isFetching };
};
