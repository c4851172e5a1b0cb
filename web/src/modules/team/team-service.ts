import type { Role } from '#shared/constants';
import { api } from '../../api/client';
import { useAuthStore } from '../auth/auth-store';
import { refreshTeam, reloadCurrentWorkspace } from '../workspaces/workspace-service';
import { invalidateTeam } from './team-keys';

/** Errors of these calls are shown by the component that made them (in its dialog or above its table). */
const quiet = { notify: false } as const;

const isMe = (userId: string) => useAuthStore.getState().user?.uid === userId;

/**
 * After a change to the team: its cached lists and members are fetched again, and so is the workspace's team that
 * names people everywhere (a failure there was notified; the names stay as they were).
 */
const teamChanged = async (workspaceId: string) => {
  void invalidateTeam(workspaceId);
  await refreshTeam().catch(() => undefined);
};

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
  await teamChanged(workspaceId);
  return member;
};

/** Removes a member; never the last user (workspace_last_user) nor the last admin (workspace_min_one). */
export const removeMember = async (workspaceId: string, userId: string) => {
  await api.call('removeMember', { params: { workspaceId, userId }, ...quiet });
  if (isMe(userId)) await reloadCurrentWorkspace();
  await teamChanged(workspaceId);
};

/** Emails a pending invite again, with the same link (the server sends at most one a minute). */
export const resendInvite = async (workspaceId: string, inviteUid: string) => {
  await api.call('resendInvite', { params: { workspaceId, inviteUid }, ...quiet });
};

/** Withdraws a pending invite: its link stops working and its seat is free again. */
export const revokeInvite = async (workspaceId: string, inviteUid: string) => {
  await api.call('revokeInvite', { params: { workspaceId, inviteUid }, ...quiet });
  await teamChanged(workspaceId);
};

/** Invites a person by email with a role; the server says why not (already invited, team full) on the form. */
export const invitePerson = async (workspaceId: string, email: string, role: Role) => {
  const invite = await api.call('createInvite', { params: { workspaceId }, body: { email, role }, ...quiet });
  await teamChanged(workspaceId);
  return invite;
};
