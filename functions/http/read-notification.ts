import { routes } from '#shared/routes';
import { httpHandler } from '#lib/http';
import { markNotificationRead } from '#data/notifications';
import { readNotification } from '#core/notifications/notifications';

export const handler = httpHandler(routes.readNotification, ({ caller, params }) =>
  readNotification({ markNotificationRead }, caller, params.notificationId),
);
