import { describe, expect, it } from 'vitest';
import { listTeam } from '#core/team/list-team';
import type { InviteItem, MemberItem } from '#data/invites';
import { teamQuery } from '#shared/schemas/workspace';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const m = (email: string, role: MemberItem['role'] = 'member'): MemberItem => ({ userId: `u-${email}`, email, role, status: 'joined', joinedAt: '2026-11-01T00:00:00.000Z' });
const inv = (email: string, validUntil = '2026-11-25T00:00:00.000Z'): InviteItem => ({
  workspaceId: 'ws1', inviteId: `t-${email}`, workspaceName: 'W', email, role: 'member', status: 'pending', invitedBy: 'a@x.com', createdAt: '2026-11-20T00:00:00.000Z', validUntil,
});
const team = { members: [m('ann@acme.com', 'admin'), m('bob@acme.com')], invites: [inv('cid@acme.com'), inv('old@acme.com', '2026-11-01T00:00:00.000Z')] };

describe('the team list', () => {
  it('shows members as joined and live invites as invited, leaving out expired invites', () => {
    const rows = listTeam(() => NOW, team, {});
    expect(rows.map((r) => [r.email, r.status])).toEqual([
      ['ann@acme.com', 'joined'],
      ['bob@acme.com', 'joined'],
      ['cid@acme.com', 'invited'],
    ]);
  });

  it('filters by search, role and status, case-insensitively, with All meaning no filter', () => {
    const filters = teamQuery.parse({ search: 'ACME', role: 'Admin', status: 'All' });
    expect(filters).toEqual({ search: 'acme', role: 'admin', status: undefined });
    expect(listTeam(() => NOW, team, filters).map((r) => r.email)).toEqual(['ann@acme.com']);
    expect(listTeam(() => NOW, team, teamQuery.parse({ status: 'invited' })).map((r) => r.email)).toEqual(['cid@acme.com']);
  });
});
