import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { api, uniqueEmail } from '../support/api';
import { ws, type Case, type World } from '../support/route-case';
import { joinWorkspace, userIdOf } from '../support/team';

const aliceId = (w: World) => userIdOf(w.alice.token);
const daveId = (w: World) => userIdOf(w.invitee.token);

/** Integration cases (happy path, 400, 401, 403 across workspaces) of the team, workspace and profile routes. */
export const teamCases = {
  updateWorkspace: {
    // Renamed to its own name, trimmed: later cases still see "Alice studio".
    happy: (w) => api('PATCH', ws(w), { token: w.alice.token, body: { name: '  Alice studio ' } }),
    expectHappy: ({ body }, w) => expect(body).toMatchObject({ uid: w.alice.workspaceId, name: 'Alice studio', active: true }),
    bad: { call: (w) => api('PATCH', ws(w), { token: w.alice.token, body: { name: '' } }), field: 'name' },
    foreign: (w) => api('PATCH', ws(w), { token: w.mallory.token, body: { name: 'Mine now' } }),
  },
  deleteWorkspace: {
    // Alice deletes a second workspace of hers (the only one she owns could not be deleted).
    happy: async (w) => {
      const spare = await api('POST', '/workspaces', { token: w.alice.token, body: { name: 'Spare' } });
      return api('DELETE', `/workspaces/${spare.body.workspaces.uid}`, { token: w.alice.token });
    },
    expectHappy: ({ body }) => expect(body).toBeUndefined(),
    bad: { call: (w) => api('DELETE', '/workspaces/not%20an%20id', { token: w.alice.token }), field: 'workspaceId' },
    foreign: (w) => api('DELETE', ws(w), { token: w.mallory.token }),
  },
  getMember: {
    happy: (w) => api('GET', `${ws(w)}/users/${daveId(w)}`, { token: w.alice.token }),
    expectHappy: ({ body }, w) => expect(body).toMatchObject({ uid: daveId(w), email: w.invitee.email, role: 'member', status: 'joined' }),
    bad: { call: (w) => api('GET', `${ws(w)}/users/bad!id`, { token: w.alice.token }), field: 'userId' },
    foreign: (w) => api('GET', `${ws(w)}/users/${aliceId(w)}`, { token: w.mallory.token }),
  },
  updateMember: {
    happy: (w) => api('PATCH', `${ws(w)}/users/${daveId(w)}`, { token: w.alice.token, body: { role: 'external' } }),
    expectHappy: ({ body }, w) => expect(body).toMatchObject({ uid: daveId(w), role: 'external' }),
    bad: { call: (w) => api('PATCH', `${ws(w)}/users/${daveId(w)}`, { token: w.alice.token, body: { role: 'owner' } }), field: 'role' },
    foreign: (w) => api('PATCH', `${ws(w)}/users/${daveId(w)}`, { token: w.mallory.token, body: { role: 'admin' } }),
  },
  removeMember: {
    happy: async (w) => {
      const erin = await joinWorkspace(w.alice, w.alice.workspaceId, 'member', 'erin');
      return api('DELETE', `${ws(w)}/users/${erin.userId}`, { token: w.alice.token });
    },
    expectHappy: ({ body }) => expect(body).toBeUndefined(),
    bad: { call: (w) => api('DELETE', `${ws(w)}/users/bad!id`, { token: w.alice.token }), field: 'userId' },
    foreign: (w) => api('DELETE', `${ws(w)}/users/${daveId(w)}`, { token: w.mallory.token }),
  },
  resendInvite: {
    happy: async (w) => {
      const invite = await api('POST', `${ws(w)}/invites`, { token: w.alice.token, body: { email: uniqueEmail('gina') } });
      return api('POST', `${ws(w)}/invites/${invite.body.uid}/resend`, { token: w.alice.token });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(200);
      expect(body).toMatchObject({ status: 'pending', role: 'member' });
    },
    bad: { call: (w) => api('POST', `${ws(w)}/invites/bad!uid/resend`, { token: w.alice.token }), field: 'inviteUid' },
    foreign: (w) => api('POST', `${ws(w)}/invites/${w.inviteUid}/resend`, { token: w.mallory.token }),
  },
  revokeInvite: {
    happy: async (w) => {
      const invite = await api('POST', `${ws(w)}/invites`, { token: w.alice.token, body: { email: uniqueEmail('frank') } });
      return api('DELETE', `${ws(w)}/invites/${invite.body.uid}`, { token: w.alice.token });
    },
    expectHappy: ({ body }) => expect(body).toBeUndefined(),
    bad: { call: (w) => api('DELETE', `${ws(w)}/invites/bad!uid`, { token: w.alice.token }), field: 'inviteUid' },
    foreign: (w) => api('DELETE', `${ws(w)}/invites/${w.inviteUid}`, { token: w.mallory.token }),
  },
  getProfile: {
    happy: (w) => api('GET', '/me', { token: w.alice.token }),
    expectHappy: ({ body }, w) => expect(body).toMatchObject({ uid: aliceId(w), email: w.alice.email, email_verified: true }),
  },
  updateProfile: {
    happy: (w) => api('PATCH', '/me', { token: w.alice.token, body: { name: '  Alice Archer ' } }),
    expectHappy: ({ body }, w) => expect(body).toEqual({ uid: aliceId(w), email: w.alice.email, email_verified: true, name: 'Alice Archer' }),
    bad: { call: (w) => api('PATCH', '/me', { token: w.alice.token, body: { name: '   ' } }), field: 'name' },
  },
} satisfies Partial<Record<RouteName, Case>>;
