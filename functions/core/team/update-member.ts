import type { Role } from '#shared/constants';
import type { TeamMember } from '#shared/schemas/workspace';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { GuardedMemberChange } from '#data/memberships';
import type { GuardedOutcome } from '#data/conditions';
import type { WorkspaceItem } from '#data/workspaces';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import { planMemberChange } from './member-rules';
import { teamWithNames, toTeamMember, type TeamDeps } from './team-view';

export type MemberChangeDeps = TeamDeps & {
  getWorkspace: (ctx: WorkspaceContext) => Promise<WorkspaceItem | undefined>;
  changeMembershipGuarded: (change: GuardedMemberChange) => Promise<GuardedOutcome>;
  retryTiming?: RetryTiming;
};

/**
 * An admin changes a member's role. The rules are decided on the team as read; the write applies only if the
 * member still has the role it was decided on and, when an admin is demoted, another admin is still one at
 * that moment — otherwise it reads again and decides again.
 */
export const updateMember = async (
  deps: MemberChangeDeps,
  ctx: WorkspaceContext,
  userId: string,
  input: { role: Role },
): Promise<TeamMember> =>
  retry(
    async () => {
      const [workspace, team] = await Promise.all([deps.getWorkspace(ctx), teamWithNames(deps, ctx)]);
      if (!workspace) throw new DomainError('company_account_not_found');
      const plan = planMemberChange(team.members, workspace.ownerId, userId, input);
      if (plan.noop) return toTeamMember(plan.target);
      const outcome = await deps.changeMembershipGuarded({
        workspaceId: ctx.workspaceId,
        userId,
        expectedRole: plan.target.role,
        change: input,
        keeper: plan.keeper,
      });
      return outcome === 'done' ? toTeamMember({ ...plan.target, role: input.role }) : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
