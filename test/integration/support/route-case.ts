import type { ApiAnswer } from './api';
import type { userWithWorkspace } from './api';

/**
 * The shared world of the per-route integration cases: Alice (admin of her workspace), Mallory (admin of
 * another workspace), and an invite of Alice's for `invitee`.
 */
export type World = {
  alice: Awaited<ReturnType<typeof userWithWorkspace>>;
  mallory: Awaited<ReturnType<typeof userWithWorkspace>>;
  inviteUid: string;
  invitee: { email: string; token: string };
};
export type Case = {
  happy: (w: World) => Promise<ApiAnswer>;
  expectHappy: (answer: ApiAnswer, w: World) => void;
  /** Bad input and the field the 400 must name. */
  bad?: { call: (w: World) => Promise<ApiAnswer>; field: string };
  /** The same call made by Mallory, a member of another workspace. */
  foreign?: (w: World) => Promise<ApiAnswer>;
};

export const ws = (w: World) => `/workspaces/${w.alice.workspaceId}`;
