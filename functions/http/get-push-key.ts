import { pushRoutes } from '#shared/routes/push';
import { httpHandler } from '#lib/http';
import { publicVapidKey } from '#lib/push';

export const handler = httpHandler(pushRoutes.getPushKey, async () => ({ public_key: await publicVapidKey() }));
