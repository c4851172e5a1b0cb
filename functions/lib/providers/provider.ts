import type { ErrorCode } from '#shared/errors';
import type { IntegrationType } from '#shared/schemas/integrations';

/**
 * What every provider client takes and answers. The delivery core (send, retry, log) and the integration routes
 * (verify on connect and edit, "Send test") speak only these types, so a provider is swapped or added without
 * touching them. A provider never throws for what the remote side did: every outcome is a result, classified
 * once (classify.ts) into sent, retry later, or failed for good.
 */

/** The task as a provider sees it: what is sent on, nothing else. */
export type DeliveryTask = {
  uid: string;
  number: number;
  summary: string;
  /** The task's page in Brandslate. */
  url: string;
  /** YYYY-MM-DD, the day the task is due. */
  dueDate: string | null;
  status: string;
  priority: string;
  type: string;
  projectName: string;
  assigneeEmail: string | null;
  /** The Jira epic's issue key (e.g. MKT-12). */
  epic: string | null;
  description: string | null;
};

/**
 * Settings and secrets as stored (secrets opened just before the call); each provider reads its own shape:
 * - email: settings.recipients.
 * - webhook: settings.url, settings.headers; secrets.signing_secret (+ previous_signing_secret while in force).
 * - jira: settings.auth 'token' → settings.site_url, secrets.email + api_token; 'oauth' → secrets.access_token,
 *   refresh_token, access_token_expires_at, cloud_id (exchangeJiraCode makes them) and settings.site_url for links.
 *   Both: settings.project_key, issue_type, epic_required.
 * - slack: settings.mode 'bot' → settings.channel + secrets.access_token; 'webhook' → secrets.webhook_url.
 * - monday: settings.board_id, group_id; secrets.api_token.
 * - calendar: settings.calendar_id (default primary); secrets.access_token, refresh_token, access_token_expires_at.
 */
export type ProviderConfig = {
  settings: Record<string, unknown>;
  secrets: Record<string, unknown>;
};

export type SendInput = ProviderConfig & {
  /** Stable across retries: the idempotency handle given to the provider (webhook-id, Jira label). */
  deliveryId: string;
  /** 1-based. */
  attempt: number;
  task: DeliveryTask;
  /** A "Send test" delivery: marked as a test where the provider shows it. */
  test?: boolean;
};

/**
 * Secrets the provider renewed during the call (an OAuth access token refreshed, and with Atlassian a rotated
 * refresh token). The caller seals and stores them, whatever the outcome: the old refresh token may be dead.
 */
export type RefreshedSecrets = { refreshedSecrets?: Record<string, unknown> };

export type SendResult = RefreshedSecrets &
  (
    | { ok: true; status?: number; externalId?: string; link?: string; latencyMs: number }
    | {
        ok: false;
        /** 408/409/429/5xx, timeouts and network failures; any other 4xx is final. */
        retryable: boolean;
        status?: number;
        retryAfterSeconds?: number;
        /** The provider's own words (or ours for a timeout), for the delivery log. */
        error: string;
        /** A catalogue key when one names this failure for the user (e.g. calendar_update_failed). */
        code?: ErrorCode;
        /** The stored credentials were refused (401 / invalid_auth / invalid_grant): the integration needs reconnecting. */
        unauthorized?: boolean;
        latencyMs: number;
      }
  );

export type VerifyResult = RefreshedSecrets &
  (
    | { ok: true; latencyMs: number }
    | { ok: false; status?: number; error: string; code: ErrorCode; field?: string; unauthorized?: boolean; latencyMs: number }
  );

export type Provider = {
  type: IntegrationType;
  send: (input: SendInput) => Promise<SendResult>;
  /** On connect and edit: the credentials work and the target (project, channel, board, calendar) is reachable. */
  verify: (config: ProviderConfig) => Promise<VerifyResult>;
};

/** Google Calendar also follows the task afterwards: its due date moves the event, deleting the task removes it. */
export type CalendarProvider = Provider & {
  moveEvent: (config: ProviderConfig & { externalId: string; dueDate: string }) => Promise<SendResult>;
  deleteEvent: (config: ProviderConfig & { externalId: string }) => Promise<SendResult>;
};
