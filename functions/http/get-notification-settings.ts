import { routes } from '#shared/routes';
import { httpHandler } from '#lib/http';
import { getNotificationsOff } from '#data/notifications';
import { getNotificationSettings } from '#core/notifications/settings';

export const handler = httpHandler(routes.getNotificationSettings, ({ caller }) => getNotificationSettings({ getNotificationsOff }, caller));
