import type { TeamMember } from '#shared/schemas/workspace';
import type { WorkspaceContext } from '#lib/context';
import type { InviteItem, MemberItem } from '#data/invites';

/** A member with the display name from their profile, when they have set one. */
export type NamedMember = MemberItem & { name?: string };
export type Team = { members: NamedMember[]; invites: InviteItem[] };

export type TeamDeps = {
  listTeam: (ctx: WorkspaceContext) => Promise<{ members: MemberItem[]; invites: InviteItem[] }>;
  getUserNames: (userIds: readonly string[]) => Promise<Map<string, string>>;
};

/** Members and invites of the caller's workspace (one Query), members named from their profiles (one BatchGet). */
export const teamWithNames = async (deps: TeamDeps, ctx: WorkspaceContext): Promise<Team> => {
  const team = await deps.listTeam(ctx);
  const names = await deps.getUserNames(team.members.map((m) => m.userId));
  return { ...team, members: team.members.map((m) => (names.has(m.userId) ? { ...m, name: names.get(m.userId) } : m)) };
};

export const toTeamMember = (m: NamedMember): TeamMember => ({
  uid: m.userId,
  email: m.email,
  ...(m.name ? { name: m.name } : {}),
  role: m.role,
  status: m.status,
  joined_at: m.joinedAt,
});
