import type { Role } from '#shared/constants';
import { api } from '../../api/client';
import { useAuthStore } from '../auth/auth-store';
import { reloadCurrentWorkspace } from '../workspaces/workspace-service';

/** Errors of these calls are shown by the component that made them (in its dialog or above its table). */
const quiet = { notify: false } as const;

const isMe = (userId: string) => useAuthStore.getState().user?.uid === userId;

/** GET one member (admin: /profile/{uid}, /user/{id}/edit). */
export const fetchMember = (workspaceId: string, userId: string, signal?: AbortSignal) =>
  api.call('getMember', { params: { workspaceId, userId }, signal, ...quiet });

/**
 * Changes a member's role; the server keeps at least one admin (workspace_min_one) and refuses some edits
 * (workspace_edit_user_failure). Changing one's own role changes what one may do: the workspace is reloaded.
 */
export const changeMemberRole = async (workspaceId: string, userId: string, role: Role) => {
  const member = await api.call('updateMember', { params: { workspaceId, userId }, body: { role }, ...quiet });
  if (isMe(userId)) await reloadCurrentWorkspace();
  return member;
};

/** Removes a member; never the last user (workspace_last_user) nor the last admin (workspace_min_one). */
export const removeMember = async (workspaceId: string, userId: string) => {
  await api.call('removeMember', { params: { workspaceId, userId }, ...quiet });
  if (isMe(userId)) await reloadCurrentWorkspace();
};

/** Withdraws a pending invite: its link stops working and its seat is free again. */
export const revokeInvite = (workspaceId: string, inviteUid: string) =>
  api.call('revokeInvite', { params: { workspaceId, inviteUid }, ...quiet });
