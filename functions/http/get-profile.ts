import { routes } from '#shared/routes';
import { httpHandler } from '#lib/http';
import { getUser } from '#data/users';
import { getProfile } from '#core/profile/get-profile';

export const handler = httpHandler(routes.getProfile, ({ caller }) => getProfile({ getUser }, caller));
