/** Business constants of the product (spec section 9), shared by the SPA and the functions. */

export const TRIAL_DAYS = 14;
export const BETA_CODE = 'true';
export const EXTENSION_VERSION = 10;

/** Invite links stay valid this long; the item itself is kept longer so an old link says "expired", not "not found". */
export const INVITE_TTL_DAYS = 7;
export const INVITE_RETENTION_DAYS = 30;

export const TIME_ENTRIES_POLL_MS = 10_000;
export const NOTIFICATION_DISMISS_EXTRA_MS = 1_000;
export const DATE_FORMAT = 'MM/dd/yyyy';

export const ROLES = ['admin', 'member', 'external'] as const;
export type Role = (typeof ROLES)[number];

/** Team member status; 'joined' means active, 'invited' is a pending invite shown in the team list. */
export const MEMBER_STATUSES = ['joined', 'invited'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const INVITE_STATUSES = ['pending', 'accepted', 'revoked'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** Case-insensitive role comparison (spec 6). */
export const sameRole = (a: string | undefined, b: string | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();
