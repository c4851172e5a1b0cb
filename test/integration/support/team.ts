import type { Role } from '#shared/constants';
import { api, registerUser, uniqueEmail } from './api';

/** The user id (the ID token's `sub`) of a signed-in test user. */
export const userIdOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sub;

export type TeamUser = { email: string; token: string; userId: string };

/** A new person joins `workspaceId` with `role` the way people do: the admin invites, they accept through the API. */
export const joinWorkspace = async (admin: { token: string }, workspaceId: string, role: Role, name: string = role): Promise<TeamUser> => {
  const user = await registerUser(uniqueEmail(name));
  const invite = await api('POST', `/workspaces/${workspaceId}/invites`, { token: admin.token, body: { email: user.email, role } });
  if (invite.status !== 201) throw new Error(`invite: ${invite.status} ${JSON.stringify(invite.body)}`);
  const accepted = await api('POST', `/invites/${invite.body.uid}/accept`, { token: user.token });
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return { ...user, userId: userIdOf(user.token) };
};

/** The workspace's joined members by user id, with their roles. */
export const rolesOf = async (admin: { token: string }, workspaceId: string): Promise<Record<string, string>> => {
  const team = await api('GET', `/workspaces/${workspaceId}/users/all?status=joined`, { token: admin.token });
  if (team.status !== 200) throw new Error(`team: ${team.status} ${JSON.stringify(team.body)}`);
  return Object.fromEntries((team.body as { uid: string; role: string }[]).map((m) => [m.uid, m.role]));
};
