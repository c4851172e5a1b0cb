import { Webhook } from 'standardwebhooks';
import type { FakeRequest, FakeResponse } from './core';

/**
 * A webhook receiver per name (/webhook/<name>) that checks Standard Webhooks signatures with the secret(s)
 * registered for that name (the `whsec_…` secret the integration's create answer showed), remembers each
 * webhook-id to count duplicates, and records whether the signature held. Unregistered names accept everything
 * (and say the signature was not checked), so a developer can look at payloads before registering a secret.
 */
export type ReceiverStats = { received: number; valid: number; invalid: number; unchecked: number; unique: number; duplicates: number };

export const createWebhookReceiver = () => {
  const secrets = new Map<string, string[]>();
  const seen = new Map<string, Map<string, number>>();
  const stats = new Map<string, ReceiverStats>();
  const statsOf = (name: string) => {
    let s = stats.get(name);
    if (!s) stats.set(name, (s = { received: 0, valid: 0, invalid: 0, unchecked: 0, unique: 0, duplicates: 0 }));
    return s;
  };

  const handle = (req: FakeRequest): FakeResponse => {
    const name = decodeURIComponent(req.path.replace(/^\//, ''));
    if (!name || name.includes('/')) return { status: 404, body: 'Post to /webhook/<name>' };
    if (req.method !== 'POST') return { status: 405, body: 'Method Not Allowed' };
    const id = String(req.headers['webhook-id'] ?? '');
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''), 'webhook-signature': String(req.headers['webhook-signature'] ?? '') };
    const registered = secrets.get(name) ?? [];
    // Valid when any registered secret verifies any of the space-separated signatures (rotation sends two).
    const verdicts = registered.map((secret) => {
      try {
        new Webhook(secret).verify(req.text, headers);
        return true;
      } catch {
        return false;
      }
    });
    const valid = registered.length === 0 ? null : verdicts.some(Boolean);
    const s = statsOf(name);
    s.received += 1;
    if (valid === null) s.unchecked += 1;
    else if (valid) s.valid += 1;
    else s.invalid += 1;
    if (valid === false) return { status: 401, body: 'invalid signature', summary: `${name}: signature INVALID (${id || 'no webhook-id'})`, detail: { receiver: name, webhookId: id, valid } };
    const ids = seen.get(name) ?? new Map<string, number>();
    seen.set(name, ids);
    const count = (ids.get(id) ?? 0) + 1;
    ids.set(id, count);
    if (count === 1) s.unique += 1;
    else s.duplicates += 1;
    const event = (req.body?.type as string | undefined) ?? 'event';
    return {
      status: 204,
      summary: `${name}: ${event} ${id}${valid === null ? ' (signature not checked: no secret registered)' : ' (signature valid)'}${count > 1 ? ` — duplicate #${count}` : ''}`,
      detail: { receiver: name, webhookId: id, valid, duplicate: count > 1 },
    };
  };

  return {
    handle,
    /** Registers the secret(s) a receiver checks with; replaces earlier ones. */
    register: (name: string, list: string[]) => secrets.set(name, [...list]),
    stats: (name?: string) => (name ? statsOf(name) : Object.fromEntries(stats)),
    receivers: () => [...new Set([...secrets.keys(), ...stats.keys()])],
    isRegistered: (name: string) => (secrets.get(name)?.length ?? 0) > 0,
    clear: () => {
      seen.clear();
      stats.clear();
    },
  };
};
export type FakeWebhookReceiver = ReturnType<typeof createWebhookReceiver>;
