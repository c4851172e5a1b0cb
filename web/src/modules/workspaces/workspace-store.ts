import { sameRole } from '#shared/constants';
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
  /** Plan and subscription; the billing issue fills it. Cleared on every workspace load. */
  plan: unknown;
  workspaceStatus: LoadStatus;
  reset: () => void;
};

const initial = {
  workspaces: [],
  listStatus: 'idle' as LoadStatus,
  details: null,
  team: [],
  timeEntries: null,
  plan: null,
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

/** Admin of the current workspace (role names compare case-insensitively, spec 6). */
export const useIsAdmin = () => sameRole(useCurrentMembership()?.role, 'admin');
