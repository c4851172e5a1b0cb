import * as z from 'zod/mini';
import { id, text } from './common';

/**
 * A brand's connected accounts (issue 14): its Instagram and YouTube accounts (synced into the feed and the
 * analytics) and its Google Drive (the brand's and the tasks' folders). One connection per brand and type; its
 * OAuth tokens are kept sealed on the server and never leave it.
 */
export const CONNECTION_TYPES = ['instagram', 'youtube', 'drive'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];
export const connectionType = z.enum(CONNECTION_TYPES);

/** The accounts whose media and insights are synced (Drive holds folders, not posts). */
export const SOCIAL_CONNECTION_TYPES = ['instagram', 'youtube'] as const;
export type SocialConnectionType = (typeof SOCIAL_CONNECTION_TYPES)[number];
export const isSocialConnection = (type: ConnectionType): type is SocialConnectionType => (SOCIAL_CONNECTION_TYPES as readonly string[]).includes(type);

/**
 * A stored connection's standing: its consent has not completed yet; usable; or the provider refused its tokens
 * (revoked, expired), so the team must reconnect before anything is synced again.
 */
export const CONNECTION_STATES = ['pending_oauth', 'connected', 'needs_reconnect'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** What the list answers for a type the brand has never connected (or disconnected): every type is listed. */
export const NOT_CONNECTED = 'not_connected';
export const CONNECTION_VIEW_STATES = [...CONNECTION_STATES, NOT_CONNECTED] as const;
export type ConnectionViewState = (typeof CONNECTION_VIEW_STATES)[number];

/** How the last sync of an account ended. */
export const SYNC_OUTCOMES = ['ok', 'rate_limited', 'failed', 'unauthorized'] as const;
export type SyncOutcome = (typeof SYNC_OUTCOMES)[number];

/**
 * The OAuth `state` of a connection's consent starts with this, so /integration-success knows to complete it
 * with POST /connections/oauth/complete (any other state belongs to an integration).
 */
export const CONNECTION_STATE_PREFIX = 'conn.';
export const isConnectionState = (state: string) => state.startsWith(CONNECTION_STATE_PREFIX);

/** The scopes each connection asks for: read-only media and insights, and Drive limited to the app's own files. */
export const CONNECTION_SCOPES: Readonly<Record<ConnectionType, readonly string[]>> = {
  instagram: ['instagram_business_basic', 'instagram_business_manage_insights'],
  youtube: ['https://www.googleapis.com/auth/youtube.readonly'],
  drive: ['https://www.googleapis.com/auth/drive.file'],
};

/** Content pillars of an account record: the themes its posts are sorted into (analytics per pillar). */
export const CONTENT_PILLAR_LIMITS = { pillar: 40, pillars: 10 } as const;

export const connectionParams = z.object({ workspaceId: id, projectId: id, type: connectionType });

/** The connected account as the provider describes it (the Instagram account record, the YouTube channel). */
export const connectionAccount = z.object({
  external_id: z.string(),
  username: z.string(),
  name: z.optional(z.string()),
  followers: z.number(),
  following: z.optional(z.number()),
  media_count: z.optional(z.number()),
  website: z.optional(z.string()),
  biography: z.optional(z.string()),
  picture_url: z.optional(z.string()),
  url: z.string(),
  total_views: z.optional(z.number()),
});
export type ConnectionAccount = z.infer<typeof connectionAccount>;

/** A Drive folder the app made or found (url: where it opens in Drive). */
export const driveFolder = z.object({ id: z.string(), name: z.string(), url: z.string() });
export type DriveFolderView = z.infer<typeof driveFolder>;
export const driveFolders = z.object({ root: driveFolder, raw: driveFolder, final: driveFolder });

/** A connection as the API answers it: never a token. */
export const connection = z.object({
  type: connectionType,
  state: z.enum(CONNECTION_VIEW_STATES),
  account: z.optional(connectionAccount),
  content_pillars: z.array(z.string()),
  connected_at: z.optional(z.string()),
  last_sync_at: z.optional(z.string()),
  last_sync_outcome: z.optional(z.enum(SYNC_OUTCOMES)),
  last_sync_error: z.optional(z.string()),
  synced_media: z.optional(z.number()),
  folders: z.optional(driveFolders),
});
export type Connection = z.infer<typeof connection>;

/** Every type, in CONNECTION_TYPES order; a type the brand has not connected answers state `not_connected`. */
export const connectionList = z.object({ items: z.array(connection) });

const pillar = text(CONTENT_PILLAR_LIMITS.pillar, { trim: true, required: true });

/** PATCH …/connections/{type}: the team's content pillars (replaces the list; duplicates are refused). */
export const updateConnectionBody = z.object({
  content_pillars: z.array(pillar).check(
    z.maxLength(CONTENT_PILLAR_LIMITS.pillars, `must have at most ${CONTENT_PILLAR_LIMITS.pillars} pillars`),
    z.superRefine((pillars, ctx) => {
      const seen = new Set<string>();
      pillars.forEach((value, index) => {
        const key = value.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'is already in the list', input: value, path: [index] });
        seen.add(key);
      });
    }),
  ),
});

/** POST /connections/oauth/complete: what the provider handed back to /integration-success. */
export const completeConnectionBody = z.object({
  state: text(1024, { required: true }),
  code: z.optional(text(2048)),
  /** The provider's refusal (e.g. access_denied), when the person declined. */
  error: z.optional(text(255)),
});
export const completedConnection = z.object({
  workspace_uid: id,
  project_uid: id,
  project_slug: z.string(),
  connection,
});

export const connectAnswer = z.object({ authorize_url: z.string() });
export const syncQueued = z.object({ queued: z.literal(true) });
