import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import webpush from 'web-push';
import { PUSH_TTL_SECONDS, type PushData } from '#shared/schemas/push';
import { secrets } from './clients/secrets';
import { PUSH_ENV } from './config';
import { DomainError } from './errors';
import { guardedFetch } from './outbound/guarded-fetch';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** The stage's secret holds no usable key pair yet (an operator puts one in: README runbook). */
export class VapidKeysMissing extends Error {
  constructor(secretId: string) {
    super(`The VAPID secret ${secretId} must be JSON with non-empty "publicKey" and "privateKey" (npx web-push generate-vapid-keys --json)`);
    this.name = 'VapidKeysMissing';
  }
}

export type VapidKeySources = {
  env: Readonly<Record<string, string | undefined>>;
  readSecret: (id: string) => Promise<string | undefined>;
};

/**
 * The stage's VAPID keys. One path wherever the function runs: both keys from the environment when present (the
 * local stack sets them), else the Secrets Manager secret CDK names (JSON `{ "publicKey", "privateKey" }`, as
 * `npx web-push generate-vapid-keys --json` prints them). Never logged.
 */
export const resolveVapidKeys = async ({ env, readSecret }: VapidKeySources): Promise<VapidKeys> => {
  const subject = env[PUSH_ENV.subject];
  if (!subject) throw new Error(`Missing ${PUSH_ENV.subject}`);
  const publicKey = env[PUSH_ENV.publicKey];
  const privateKey = env[PUSH_ENV.privateKey];
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  const id = env[PUSH_ENV.secretId];
  if (!id) throw new Error(`Missing VAPID keys: set ${PUSH_ENV.secretId} (AWS) or ${PUSH_ENV.publicKey} and ${PUSH_ENV.privateKey}`);
  let parsed: Partial<VapidKeys> = {};
  try {
    parsed = JSON.parse((await readSecret(id)) ?? '') as Partial<VapidKeys>;
  } catch {
    // Reported below without echoing the value.
  }
  if (typeof parsed.publicKey !== 'string' || !parsed.publicKey || typeof parsed.privateKey !== 'string' || !parsed.privateKey) {
    throw new VapidKeysMissing(id);
  }
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey, subject };
};

let keys: Promise<VapidKeys> | undefined;

/** The keys, fetched once per cold start (a failed fetch is retried on the next call). */
export const vapidKeys = (): Promise<VapidKeys> => {
  keys ??= resolveVapidKeys({
    env: process.env,
    readSecret: async (id) => (await secrets().send(new GetSecretValueCommand({ SecretId: id }))).SecretString,
  });
  keys.catch(() => (keys = undefined));
  return keys;
};

/** The public key browsers subscribe with; a stage whose keys are not set up yet answers push_not_configured (503). */
export const publicVapidKey = async (keysOf: () => Promise<VapidKeys> = vapidKeys): Promise<string> => {
  try {
    return (await keysOf()).publicKey;
  } catch (error) {
    if (error instanceof VapidKeysMissing) throw new DomainError('push_not_configured');
    throw error;
  }
};

/** A push topic (RFC 8030: at most 32 base64url characters): a newer push of the same tag replaces one still waiting. */
const topicOf = (tag: string) => Buffer.from(tag).toString('base64url').slice(0, 32);

/**
 * One push to one device: web-push encrypts the data for the browser's keys (aes128gcm) and signs the VAPID JWT;
 * the POST goes through the guarded fetcher like every other user-given URL (the endpoint came from a browser).
 * Answers the push service's status.
 */
export const deliverPush = async (subscription: { endpoint: string; p256dh: string; auth: string }, data: PushData): Promise<number> => {
  const vapid = await vapidKeys();
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(data),
    { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, urgency: 'normal', topic: topicOf(data.tag), contentEncoding: 'aes128gcm' },
  );
  const response = await guardedFetch(
    request.endpoint,
    { method: request.method, headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])), body: request.body },
    { timeoutMs: 10_000, maxBytes: 64 * 1024, maxRedirects: 0 },
  );
  return response.status;
};
