import type { TeamMember } from '#shared/schemas/workspace';
import type { InviteItem, MemberItem } from '#data/invites';
import type { Clock } from '../clock';
import { isLive } from '../invites/invite-state';

export type TeamFilters = { search?: string; role?: string; status?: string };

/**
 * The team list: joined members plus invites still pending and valid (status 'invited'), filtered by a
 * case-insensitive email search, role and status (filters arrive lower-cased; absent means no filter).
 */
export const listTeam = (
  clock: Clock,
  team: { members: MemberItem[]; invites: InviteItem[] },
  filters: TeamFilters,
): TeamMember[] => {
  const now = clock();
  const memberEmails = new Set(team.members.map((m) => m.email.toLowerCase()));
  const rows: TeamMember[] = [
    ...team.members.map((m) => ({ uid: m.userId, email: m.email, role: m.role, status: m.status, joined_at: m.joinedAt })),
    ...team.invites
      .filter((invite) => isLive(invite, now) && !memberEmails.has(invite.email))
      .map((invite) => ({
        uid: invite.inviteId,
        email: invite.email,
        role: invite.role,
        status: 'invited' as const,
        invited_at: invite.createdAt,
      })),
  ];
  return rows
    .filter((row) => !filters.search || row.email.toLowerCase().includes(filters.search))
    .filter((row) => !filters.role || row.role === filters.role)
    .filter((row) => !filters.status || row.status === filters.status)
    .sort((a, b) => a.email.localeCompare(b.email));
};
