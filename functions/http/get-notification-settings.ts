import { profileRoutes } from '#shared/routes/profile';
import { httpHandler } from '#lib/http';
import { getNotificationsOff } from '#data/notifications';
import { getNotificationSettings } from '#core/notifications/settings';

export const handler = httpHandler(profileRoutes.getNotificationSettings, ({ caller }) => getNotificationSettings({ getNotificationsOff }, caller));
