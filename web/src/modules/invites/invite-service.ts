import { api } from '../../api/client';
import { useAuthStore } from '../auth/auth-store';
import { loadWorkspaceList, switchWorkspace } from '../workspaces/workspace-service';

/** GET /invites/{uid} (public). Errors are shown by the invite page itself, not as notifications. */
export const fetchInvite = (inviteUid: string, signal?: AbortSignal) =>
  api.call('getInvite', { params: { inviteUid }, notify: false, signal });

/** Accepts an invite, then makes its workspace the current one. The caller goes to /dashboard. */
export const acceptInvite = async (inviteUid: string, options: { notify?: boolean } = {}) => {
  const membership = await api.call('acceptInvite', { params: { inviteUid }, notify: options.notify ?? false });
  const auth = useAuthStore.getState();
  auth.setInvites(auth.invites.filter((invite) => invite.uid !== inviteUid));
  await loadWorkspaceList().catch(() => undefined);
  await switchWorkspace(membership.workspaces.uid);
  return membership;
};
