import { routes } from '#shared/routes';
import { httpHandler } from '#lib/http';
import { vapidKeys } from '#lib/push';

export const handler = httpHandler(routes.getPushKey, async () => ({ public_key: (await vapidKeys()).publicKey }));
