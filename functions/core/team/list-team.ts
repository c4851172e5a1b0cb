import type { TeamMember } from '#shared/schemas/workspace';
import type { WorkspaceContext } from '#lib/context';
import type { InviteItem } from '#data/invites';
import type { Clock } from '../clock';
import { isLive } from '../invites/invite-state';
import { teamWithNames, toTeamMember, type NamedMember, type TeamDeps } from './team-view';

export type TeamFilters = { search?: string; role?: string; status?: string };

/**
 * The team list: joined members plus invites still pending and valid (status 'invited'), filtered by a
 * case-insensitive search on email or name, role and status (filters arrive lower-cased; absent means no filter).
 */
export const listTeam = (
  clock: Clock,
  team: { members: NamedMember[]; invites: InviteItem[] },
  filters: TeamFilters,
): TeamMember[] => {
  const now = clock();
  const memberEmails = new Set(team.members.map((m) => m.email.toLowerCase()));
  const rows: TeamMember[] = [
    ...team.members.map(toTeamMember),
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
  const matches = (row: TeamMember, search: string) =>
    row.email.toLowerCase().includes(search) || !!row.name?.toLowerCase().includes(search);
  return rows
    .filter((row) => !filters.search || matches(row, filters.search))
    .filter((row) => !filters.role || row.role === filters.role)
    .filter((row) => !filters.status || row.status === filters.status)
    .sort((a, b) => a.email.localeCompare(b.email));
};

/** GET /workspaces/{id}/users/all: the caller's team, with names, filtered. */
export const listTeamOfWorkspace = async (deps: TeamDeps & { clock: Clock }, ctx: WorkspaceContext, filters: TeamFilters) =>
  listTeam(deps.clock, await teamWithNames(deps, ctx), filters);
