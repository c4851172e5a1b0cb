import type { TeamMember } from '#shared/schemas/workspace';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';

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

/** The team table's rows, fetched from the server with the filters (search debounced). */
export const useTeamList = (workspaceId: string | undefined, filters: TeamFilters) => {
  const [items, setItems] = useState<TeamMember[]>([]);
  const [loading, setLoading] = useState(true);
  const [reloadKey, setReloadKey] = useState(0);
  const [search, setSearch] = useState(filters.search);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => setSearch(filters.search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [filters.search]);

  useEffect(() => {
    if (!workspaceId) return;
    const controller = new AbortController();
    setLoading(true);
    api
      .call('listTeam', {
        params: { workspaceId },
        query: teamQueryFrom({ search, role: filters.role, status: filters.status }),
        signal: controller.signal,
      })
      .then((members) => setItems(members))
      .catch(() => {
        if (!controller.signal.aborted) setItems([]);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [workspaceId, search, filters.role, filters.status, reloadKey]);

  const reload = useCallback(() => setReloadKey((key) => key + 1), []);
  return { items, loading, reload };
};
