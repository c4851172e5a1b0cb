import type { ConnectionType } from '#shared/schemas/connections';
import type { Call, SocialProfile } from '#lib/providers/social';
import { instagramClient } from '#lib/providers/instagram';
import { youtubeClient } from '#lib/providers/youtube';

/** The connected account's profile, read with a fresh access token (Drive has none: it is not an account of posts). */
export const readProfile = async (type: ConnectionType, accessToken: string): Promise<Call<SocialProfile>> => {
  if (type === 'instagram') return instagramClient(accessToken).profile();
  if (type === 'youtube') return youtubeClient(accessToken).profile();
  return { ok: false, error: 'Google Drive has no profile to read', retryable: false, latencyMs: 0 };
};
