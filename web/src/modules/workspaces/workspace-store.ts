import { can, type Action } from '#shared/permissions';
import type { RouteResponse, Routes } from '#shared/routes';
import type { TeamMember, Workspace, WorkspaceListItem } from '#shared/schemas/workspace';
import { create } from 'zustand';
import { useSettingsStore } from '../settings/settings-store';

export type TimeEntries = RouteResponse<Routes['listTimeEntries']>;
export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'error';

type WorkspaceState = {
  /** The user's memberships (GET /workspaces), each with its workspace. */
  workspaces: WorkspaceListItem[];
  listStatus: LoadStatus;
  /** Details of the current workspace (GET /workspaces/{id}). */
  details: Workspace | null;
  team: TeamMember[];
  timeEntries: TimeEntries | null;
  workspaceStatus: LoadStatus;
  reset: () => void;
};

const initial = {
  workspaces: [],
  listStatus: 'idle' as LoadStatus,
  details: null,
  team: [],
  timeEntries: null,
  workspaceStatus: 'idle' as LoadStatus,
};

export const useWorkspaceStore = create<WorkspaceState>()((set) => ({
  ...initial,
  reset: () => set(initial),
}));

/** The membership of the current workspace, if the user has one. */
export const findMembership = (workspaces: readonly WorkspaceListItem[], workspaceId: string | null) =>
  workspaces.find((item) => item.workspaces.uid === workspaceId);

export const useCurrentMembership = () => {
  const currentId = useSettingsStore((state) => state.currentWorkspaceId);
  const workspaces = useWorkspaceStore((state) => state.workspaces);
  return findMembership(workspaces, currentId);
};

/**
 * The current workspace as freshest known: its details once loaded, else the copy in the membership list. Its
 * `active`, `plan` and `trial` are computed on the server's clock.
 */
export const useCurrentWorkspace = (): Workspace | undefined => {
  const membership = useCurrentMembership();
  const details = useWorkspaceStore((state) => state.details);
  if (!membership) return undefined;
  return details?.uid === membership.workspaces.uid ? details : membership.workspaces;
};

/** What the current role may do, from the shared permission matrix the server enforces (spec 6). */
export const useCan = (action: Action) => can(useCurrentMembership()?.role, action);
