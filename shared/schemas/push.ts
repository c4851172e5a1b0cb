import * as z from 'zod/mini';
import { id, pattern, text, url } from './common';

/**
 * Web Push (issue 14, spec 3 and 4): a person's devices subscribe with the browser's Push API; the server sends
 * with the stage's VAPID keys. What a push carries is `pushData`: the service worker shows it and, on a tap, opens
 * `ticket_url` in `workspace_uid` exactly as the in-app bell does.
 */

/** The stage's VAPID public key, as the Push API's `applicationServerKey` takes it (base64url, 65-byte P-256 point). */
export const pushKey = z.object({ public_key: z.string() });

/** A device of the signed-in person: an id the browser made up once and keeps (one subscription per device). */
export const pushDeviceParams = z.object({ deviceId: id });

/** base64url without padding, as PushSubscription.toJSON() writes the keys. */
const base64url = (max: number) => pattern(new RegExp(`^[A-Za-z0-9_-]{1,${max}}$`), 'must be base64url');

/** PushSubscription.toJSON() as the browser gives it (expirationTime is ignored: push services rarely set it). */
export const pushSubscriptionBody = z.object({
  endpoint: url(2048),
  keys: z.object({
    /** The browser's P-256 public key (65 bytes: 87 characters). */
    p256dh: base64url(128),
    /** The 16-byte auth secret (22 characters). */
    auth: base64url(64),
  }),
  /** What the person sees on their devices list one day ("Chrome on Android"); optional. */
  label: z.optional(text(120, { trim: true })),
});
export type PushSubscriptionBody = z.output<typeof pushSubscriptionBody>;

export const pushSubscription = z.object({ device_id: z.string(), endpoint: z.string(), label: z.nullable(z.string()), created_at: z.string(), updated_at: z.string() });

/** The signed-in person's devices that get pushes, most recently updated first. */
export const pushSubscriptionList = z.object({ items: z.array(pushSubscription) });

/** The payload of every push: the notification's text and where a tap goes (spec 3: push notification data). */
export const pushData = z.object({
  title: z.string(),
  body: z.string(),
  /** The app path of the task, as the in-app notification's ticket_url. */
  ticket_url: z.string(),
  workspace_uid: z.string(),
  /** One notification per event on a device: a redelivered push replaces, not adds. */
  tag: z.string(),
});
export type PushData = z.output<typeof pushData>;

/** How long a push service keeps an undelivered push for an offline device (seconds): a day is still worth a tap. */
export const PUSH_TTL_SECONDS = 24 * 3600;
