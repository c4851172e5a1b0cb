import { profileRoutes } from '#shared/routes/profile';
import { httpHandler } from '#lib/http';
import { listNotificationItems } from '#data/notifications';
import { listNotifications } from '#core/notifications/notifications';

export const handler = httpHandler(profileRoutes.listNotifications, ({ caller }) => listNotifications({ listNotificationItems }, caller));
