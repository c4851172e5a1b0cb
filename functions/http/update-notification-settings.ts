import { routes } from '#shared/routes';
import { httpHandler } from '#lib/http';
import { getNotificationsOff, saveNotificationsOff } from '#data/notifications';
import { systemClock as clock } from '#core/clock';
import { updateNotificationSettings } from '#core/notifications/settings';

export const handler = httpHandler(routes.updateNotificationSettings, ({ caller, body }) =>
  updateNotificationSettings({ getNotificationsOff, saveNotificationsOff, clock }, caller, body),
);
