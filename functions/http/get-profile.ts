import { profileRoutes } from '#shared/routes/profile';
import { httpHandler } from '#lib/http';
import { getUser } from '#data/users';
import { getProfile } from '#core/profile/get-profile';

export const handler = httpHandler(profileRoutes.getProfile, ({ caller }) => getProfile({ getUser }, caller));
