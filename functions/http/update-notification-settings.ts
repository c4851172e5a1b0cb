import { profileRoutes } from '#shared/routes/profile';
import { httpHandler } from '#lib/http';
import { getNotificationsOff, saveNotificationsOff } from '#data/notifications';
import { systemClock as clock } from '#core/clock';
import { updateNotificationSettings } from '#core/notifications/settings';

export const handler = httpHandler(profileRoutes.updateNotificationSettings, ({ caller, body }) =>
  updateNotificationSettings({ getNotificationsOff, saveNotificationsOff, clock }, caller, body),
);
