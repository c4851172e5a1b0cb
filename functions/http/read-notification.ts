import { profileRoutes } from '#shared/routes/profile';
import { httpHandler } from '#lib/http';
import { markNotificationRead } from '#data/notifications';
import { readNotification } from '#core/notifications/notifications';

export const handler = httpHandler(profileRoutes.readNotification, ({ caller, params }) =>
  readNotification({ markNotificationRead }, caller, params.notificationId),
);
