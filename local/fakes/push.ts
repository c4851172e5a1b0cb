import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import type { FakeRequest, FakeResponse } from './core';

/**
 * A fake Web Push service (the part of FCM / Mozilla autopush / APNs the server talks to, RFC 8030), with the
 * browser's half of the subscription so tests need no browser:
 * - POST /push/subscribe → `{ endpoint, keys: { p256dh, auth } }` as PushSubscription.toJSON() gives it; the fake
 *   keeps the private key and the auth secret, so it can decrypt what is sent (RFC 8291, aes128gcm).
 * - POST /push/send/<id> → the push endpoint: checks the VAPID Authorization (`vapid t=…, k=…`), TTL and the
 *   encoding, decrypts, records, answers 201. A subscription made gone answers 410; one it never made is recorded
 *   undecrypted (a real browser's, whose keys only the browser has).
 * - POST /push/gone/<id> makes a subscription gone (410 from then on, as a push service does after unsubscribe).
 * - GET /push/received/<id> lists what reached a subscription, payloads decrypted.
 * Failure injection (`fake: push`) applies to the push endpoint: 429 and 5xx test the queue's retries.
 */
type Subscription = { privateKey: ECDHKeys; auth: Buffer; gone: boolean };
type ECDHKeys = ReturnType<typeof createECDH>;

export type ReceivedPush = {
  at: string;
  ttl: number | null;
  topic: string | null;
  urgency: string | null;
  /** The VAPID public key the server signed with (k=…). */
  vapidKey: string | null;
  /** The decrypted payload, parsed when it is JSON. */
  payload: unknown;
};

/** RFC 8291: the content-encryption key and nonce of an aes128gcm body, for the subscription's keys. */
const decrypt = (body: Buffer, subscription: Subscription): Buffer => {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const receiverKey = subscription.privateKey.getPublicKey();
  const shared = subscription.privateKey.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, subscription.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  return padded.subarray(0, end);
};

const header = (req: FakeRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
};

export const createPushService = () => {
  const subscriptions = new Map<string, Subscription>();
  const received = new Map<string, ReceivedPush[]>();

  const send = (id: string, req: FakeRequest, raw: Buffer): FakeResponse => {
    const subscription = subscriptions.get(id);
    if (subscription?.gone) return { status: 410, body: 'push subscription has unsubscribed or expired', summary: `${id}: gone (410)` };
    const authorization = header(req, 'authorization') ?? '';
    const vapid = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
    if (!vapid) return { status: 401, body: 'missing or malformed VAPID authorization', summary: `${id}: no VAPID (401)` };
    const ttl = header(req, 'ttl');
    if (ttl === null || !/^\d+$/.test(ttl)) return { status: 400, body: 'TTL header required', summary: `${id}: no TTL (400)` };
    if (raw.length > 4096) return { status: 413, body: 'payload too large', summary: `${id}: ${raw.length} bytes (413)` };
    let payload: unknown = null;
    if (subscription && raw.length) {
      if (header(req, 'content-encoding') !== 'aes128gcm') return { status: 400, body: 'content-encoding must be aes128gcm', summary: `${id}: bad encoding (400)` };
      const text = decrypt(raw, subscription).toString('utf8');
      try {
        payload = JSON.parse(text);
      } catch {
        payload = text;
      }
    }
    const list = received.get(id) ?? [];
    received.set(id, list);
    list.push({ at: new Date().toISOString(), ttl: Number(ttl), topic: header(req, 'topic'), urgency: header(req, 'urgency'), vapidKey: vapid[2]!, payload });
    const title = (payload as { title?: string } | null)?.title;
    return { status: 201, headers: { location: `/push/message/${randomUUID()}` }, summary: `${id}: ${title ?? `${raw.length} bytes`}` };
  };

  /** Requests below /push; `raw` is the body's bytes (the push body is binary). */
  const handle = (req: FakeRequest, raw: Buffer): FakeResponse => {
    if (req.method === 'POST' && req.path === '/subscribe') {
      const keys = createECDH('prime256v1');
      keys.generateKeys();
      const id = randomUUID();
      const auth = randomBytes(16);
      subscriptions.set(id, { privateKey: keys, auth, gone: false });
      return {
        status: 201,
        body: { endpoint: `${req.origin}/push/send/${id}`, keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
        summary: `subscription ${id}`,
      };
    }
    const send_ = /^\/send\/([\w-]{1,64})$/.exec(req.path);
    if (send_ && req.method === 'POST') return send(send_[1]!, req, raw);
    const gone = /^\/gone\/([\w-]{1,64})$/.exec(req.path);
    if (gone && req.method === 'POST') {
      const subscription = subscriptions.get(gone[1]!);
      if (!subscription) return { status: 404, body: { message: 'No such subscription' } };
      subscription.gone = true;
      return { status: 200, body: { gone: gone[1] } };
    }
    const list = /^\/received\/([\w-]{1,64})$/.exec(req.path);
    if (list && req.method === 'GET') return { status: 200, body: received.get(list[1]!) ?? [] };
    return { status: 404, body: { message: `No push service endpoint ${req.method} ${req.path}` } };
  };

  return {
    handle,
    /** Every subscription's received pushes (the page and tests). */
    received: () => Object.fromEntries(received),
  };
};
export type FakePushService = ReturnType<typeof createPushService>;
