import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import { planMemberChange } from './member-rules';
import { teamWithNames } from './team-view';
import type { MemberChangeDeps } from './update-member';

/**
 * An admin removes a member (or themselves). Never the last user, the last admin nor the owner; removing an
 * admin commits only while another admin still is one, so two admins removing each other cannot both succeed.
 */
export const removeMember = async (deps: MemberChangeDeps, ctx: WorkspaceContext, userId: string): Promise<undefined> => {
  await retry(
    async () => {
      const [workspace, team] = await Promise.all([deps.getWorkspace(ctx), teamWithNames(deps, ctx)]);
      if (!workspace) throw new DomainError('company_account_not_found');
      const plan = planMemberChange(team.members, workspace.ownerId, userId, 'remove');
      const outcome = await deps.changeMembershipGuarded({
        workspaceId: ctx.workspaceId,
        userId,
        expectedRole: plan.target.role,
        change: 'remove',
        keeper: plan.keeper,
      });
      return outcome === 'done' ? true : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
  return undefined;
};
