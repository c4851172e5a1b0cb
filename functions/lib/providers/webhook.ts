import { Webhook } from 'standardwebhooks';
import { SERVER_SECRETS } from '#shared/schemas/integrations';
import { configuredPolicy, outboundTarget } from '../outbound/policy';
import { OutboundRefused } from '../outbound/refused';
import { errorFailure, httpFailure, since } from './classify';
import { callProvider, is2xx, type ProviderHttpOptions } from './http';
import type { DeliveryTask, Provider, SendInput, SendResult } from './provider';

/**
 * Webhooks: the task POSTed as JSON to the URL the user gave, signed as Standard Webhooks says (webhook-id is the
 * delivery id, so a receiver dedupes retries by it; webhook-timestamp; webhook-signature `v1,<base64>` over
 * `id.timestamp.body`, and during a secret rotation one signature per secret, space-separated). Custom headers
 * from the settings are sent too, except those that would forge the signature or the request itself.
 */
export const WEBHOOK_EVENT = 'task.created';

/** Headers a user's custom headers may not set (signature, framing and routing are ours). */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'content-type', 'transfer-encoding', 'connection', 'webhook-id', 'webhook-timestamp', 'webhook-signature']);

const taskFields = (task: DeliveryTask) => ({
  id: task.uid,
  number: task.number,
  summary: task.summary,
  description: task.description,
  status: task.status,
  priority: task.priority,
  type: task.type,
  due_date: task.dueDate,
  project: task.projectName,
  assignee_email: task.assigneeEmail,
  jira_epic: task.epic,
  url: task.url,
});

/** The documented payload: Standard Webhooks' { type, timestamp, data } envelope. */
export const webhookPayload = (input: Pick<SendInput, 'deliveryId' | 'task' | 'test'>, now: Date) => ({
  type: WEBHOOK_EVENT,
  timestamp: now.toISOString(),
  data: { delivery_id: input.deliveryId, test: input.test ?? false, task: taskFields(input.task) },
});

/** The three Standard Webhooks headers for `body`, one signature per secret given (current first). */
export const signWebhook = (deliveryId: string, body: string, secrets: readonly string[], now: Date) => ({
  'webhook-id': deliveryId,
  'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
  'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(deliveryId, now, body)).join(' '),
});

/** A user's custom headers without the reserved ones (the settings schema refuses them too). */
export const customHeaders = (settings: Record<string, unknown>) =>
  Object.fromEntries(Object.entries((settings.headers ?? {}) as Record<string, string>).filter(([name]) => !RESERVED_HEADERS.has(name.toLowerCase())));

const signingSecrets = (secrets: Record<string, unknown>) =>
  [secrets[SERVER_SECRETS.signingSecret], secrets[SERVER_SECRETS.previousSigningSecret]].filter((s): s is string => typeof s === 'string' && s.length > 0);

export const createWebhookProvider = (options: ProviderHttpOptions & { now?: () => Date } = {}): Provider => {
  const now = options.now ?? (() => new Date());
  return {
    type: 'webhook',
    send: async (input): Promise<SendResult> => {
      const url = input.settings.url;
      const secrets = signingSecrets(input.secrets);
      if (typeof url !== 'string' || !url) return { ok: false, retryable: false, error: 'The webhook has no URL', code: 'integration_incomplete', latencyMs: 0 };
      if (secrets.length === 0) return { ok: false, retryable: false, error: 'The webhook has no signing secret', code: 'integration_incomplete', latencyMs: 0 };
      const at = now();
      const body = JSON.stringify(webhookPayload(input, at));
      const headers = { ...customHeaders(input.settings), 'content-type': 'application/json', ...signWebhook(input.deliveryId, body, secrets, at) };
      const started = performance.now();
      try {
        const answer = await callProvider(url, { method: 'POST', headers, body }, options);
        if (!is2xx(answer.status)) return httpFailure({ status: answer.status, body: answer.body, retryAfter: answer.headers['retry-after'], latencyMs: answer.latencyMs });
        return { ok: true, status: answer.status, latencyMs: answer.latencyMs };
      } catch (error) {
        return errorFailure(error, since(started));
      }
    },
    // The URL's form and, when it is an address, that it is public; a name's addresses are checked on each send.
    verify: async ({ settings }) => {
      try {
        outboundTarget(String(settings.url ?? ''), options.policy ?? configuredPolicy());
        return { ok: true, latencyMs: 0 };
      } catch (error) {
        return { ok: false, error: error instanceof OutboundRefused ? error.message : 'Not a valid URL', code: 'integration_provider_error', field: 'url', latencyMs: 0 };
      }
    },
  };
};

export const webhookProvider = createWebhookProvider();
