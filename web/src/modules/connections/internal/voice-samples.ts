import { generateBrandVoiceBody, MAX_POST_TEXT } from '#shared/schemas/generation';
import type { Post } from '#shared/schemas/posts';

/** A synced post's caption as a voice's sample, cut to what the generation route takes. */
export const sampleOf = (post: Post) => (post.caption ?? '').trim().slice(0, MAX_POST_TEXT);

/**
 * The account as the generation route's handle: a YouTube handle may hold a '-' the route's handle rule (an
 * Instagram-style handle) refuses, so such characters are left out rather than the whole request refused.
 */
export const voiceHandle = (username: string): string => {
  const handle = `@${username.replace(/^@/, '')}`;
  if (generateBrandVoiceBody.safeParse({ source: 'social', handle }).success) return handle;
  return `@${username.replace(/[^A-Za-z0-9._]/g, '')}`;
};
