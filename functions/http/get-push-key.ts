import { routes } from '#shared/routes';
import { httpHandler } from '#lib/http';
import { publicVapidKey } from '#lib/push';

export const handler = httpHandler(routes.getPushKey, async () => ({ public_key: await publicVapidKey() }));
