import { INVITE_RETENTION_DAYS, INVITE_TTL_DAYS, type Role } from '#shared/constants';
import type { Invite } from '#shared/schemas/workspace';
import type { EmailMessage } from '#shared/queues';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { InviteItem, MemberItem } from '#data/invites';
import type { WorkspaceItem } from '#data/workspaces';
import type { Clock } from '../clock';
import { isLive, toInvite } from './invite-state';
import { assertSeatForInvite, countSeats, seatPlanOf } from '../billing/seats';

const DAY_MS = 86_400_000;

export type CreateInviteDeps = {
  clock: Clock;
  newToken: () => string;
  appUrl: string;
  getWorkspace: (ctx: WorkspaceContext) => Promise<WorkspaceItem | undefined>;
  listTeam: (ctx: WorkspaceContext) => Promise<{ members: MemberItem[]; invites: InviteItem[] }>;
  putInviteUnlessLive: (
    ctx: WorkspaceContext,
    invite: Omit<InviteItem, 'workspaceId' | 'status' | 'acceptedBy'>,
    now: string,
  ) => Promise<boolean>;
  deleteInvite: (ctx: WorkspaceContext, email: string) => Promise<void>;
  sendEmail: (message: EmailMessage) => Promise<void>;
};

/** The link an invitee opens; the uid in it is the only credential, so it is long and random. */
export const inviteUrl = (appUrl: string, inviteId: string) => `${appUrl}/invite/${inviteId}`;

/**
 * The email carrying an invite's link. `dedupeKey` says which sending this is: the email consumer sends each
 * key once, however often the queue delivers it.
 */
export const inviteEmail = (
  invite: Pick<InviteItem, 'inviteId' | 'email' | 'workspaceName'>,
  inviterEmail: string,
  appUrl: string,
  dedupeKey = `invite:${invite.inviteId}`,
): EmailMessage => ({
  template: 'invite',
  dedupeKey,
  to: invite.email,
  data: { workspaceName: invite.workspaceName, inviterEmail, inviteUrl: inviteUrl(appUrl, invite.inviteId) },
});

/**
 * Invites a person to the caller's workspace and queues the email carrying the link. A member cannot be
 * invited again, nor a person holding a live invite. An invite takes a seat: beyond the available seats
 * (trial or free: the included 5; paid: the seats on the plan; live invites count as taken) it is team_full.
 * If the email cannot be queued the invite is removed, so nothing is left half done.
 */
export const createInvite = async (
  deps: CreateInviteDeps,
  ctx: WorkspaceContext,
  input: { email: string; role: Role },
): Promise<Invite> => {
  const [workspace, team] = await Promise.all([deps.getWorkspace(ctx), deps.listTeam(ctx)]);
  if (!workspace) throw new DomainError('company_account_not_found');
  if (team.members.some((member) => member.email === input.email)) throw new DomainError('user_already_in_workspace');

  const now = deps.clock();
  if (team.invites.some((existing) => existing.email === input.email && isLive(existing, now))) throw new DomainError('user_already_invited');
  assertSeatForInvite(countSeats(seatPlanOf(workspace), team, now));
  const validUntil = new Date(now.getTime() + INVITE_TTL_DAYS * DAY_MS);
  const invite: Omit<InviteItem, 'workspaceId' | 'status' | 'acceptedBy'> = {
    inviteId: deps.newToken(),
    workspaceName: workspace.name,
    email: input.email,
    role: input.role,
    invitedBy: ctx.email,
    createdAt: now.toISOString(),
    validUntil: validUntil.toISOString(),
    expiresAt: Math.floor((validUntil.getTime() + INVITE_RETENTION_DAYS * DAY_MS) / 1000),
  };
  if (!(await deps.putInviteUnlessLive(ctx, invite, invite.createdAt))) throw new DomainError('user_already_invited');

  try {
    await deps.sendEmail(inviteEmail(invite, ctx.email, deps.appUrl));
  } catch (error) {
    await deps.deleteInvite(ctx, input.email);
    throw error;
  }
  return toInvite({ ...invite, workspaceId: ctx.workspaceId, status: 'pending' }, now);
};
