import type { Billing } from '#shared/schemas/billing';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { InviteItem, MemberItem } from '#data/invites';
import type { WorkspaceItem } from '#data/workspaces';
import type { Clock } from '../clock';
import { toBillingView } from './billing-view';

export type GetBillingDeps = {
  clock: Clock;
  getWorkspace: (ctx: WorkspaceContext) => Promise<WorkspaceItem | undefined>;
  listTeam: (ctx: WorkspaceContext) => Promise<{ members: MemberItem[]; invites: InviteItem[] }>;
};

/** GET /workspaces/{workspaceId}/billing: the Plan And Billing page from the workspace item and its team (no Stripe call). */
export const getBilling = async (deps: GetBillingDeps, ctx: WorkspaceContext): Promise<Billing> => {
  const [workspace, team] = await Promise.all([deps.getWorkspace(ctx), deps.listTeam(ctx)]);
  if (!workspace) throw new DomainError('company_account_not_found');
  return toBillingView(workspace, team, deps.clock());
};
