import { routes } from '#shared/routes';
import { httpHandler } from '#lib/http';
import { listNotificationItems } from '#data/notifications';
import { listNotifications } from '#core/notifications/notifications';

export const handler = httpHandler(routes.listNotifications, ({ caller }) => listNotifications({ listNotificationItems }, caller));
