import { profileRoutes } from '#shared/routes/profile';
import { httpHandler } from '#lib/http';
import { saveUserName } from '#data/users';
import { updateProfile } from '#core/profile/update-profile';
import { systemClock as clock } from '#core/clock';

export const handler = httpHandler(profileRoutes.updateProfile, ({ caller, body }) => updateProfile({ clock, saveUserName }, caller, body));
