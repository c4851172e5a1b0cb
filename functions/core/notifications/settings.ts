import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationChannel, type NotificationKind, type NotificationSettings } from '#shared/schemas/collab';
import type { Caller } from '#lib/context';
import type { Clock } from '../clock';

/** How a turned-off pair is stored: `kind.channel`. Anything not stored is on, so a new kind starts on for everyone. */
const pairOf = (kind: NotificationKind, channel: NotificationChannel) => `${kind}.${channel}`;

/** Whether a person turned this kind off on this channel. */
export const isOff = (off: readonly string[], kind: NotificationKind, channel: NotificationChannel) => off.includes(pairOf(kind, channel));

export const settingsOf = (off: readonly string[]): NotificationSettings =>
  Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, !isOff(off, kind, channel)]))]),
  ) as NotificationSettings;

export const offOf = (settings: NotificationSettings): string[] =>
  NOTIFICATION_KINDS.flatMap((kind) => NOTIFICATION_CHANNELS.filter((channel) => !settings[kind][channel]).map((channel) => pairOf(kind, channel)));

export type SettingsDeps = {
  getNotificationsOff: (userId: string) => Promise<string[]>;
  saveNotificationsOff: (userId: string, off: readonly string[], updatedAt: string) => Promise<void>;
  clock: Clock;
};

/** The caller's notification settings (every kind on both channels until they turn one off). */
export const getNotificationSettings = async (deps: Pick<SettingsDeps, 'getNotificationsOff'>, caller: Caller): Promise<NotificationSettings> =>
  settingsOf(await deps.getNotificationsOff(caller.userId));

/** Replaces the caller's settings as a whole (the page sends every switch). */
export const updateNotificationSettings = async (deps: SettingsDeps, caller: Caller, settings: NotificationSettings): Promise<NotificationSettings> => {
  const off = offOf(settings);
  await deps.saveNotificationsOff(caller.userId, off, deps.clock().toISOString());
  return settingsOf(off);
};
