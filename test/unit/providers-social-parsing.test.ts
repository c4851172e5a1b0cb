import { describe, expect, it } from 'vitest';
import { driveQueryString, folderQuery } from '#lib/providers/drive';
import { googleApiFailure, secondsUntilPacificMidnight } from '#lib/providers/google-oauth';
import { ProviderHttpError } from '#lib/providers/http';
import { insightValues, instagramMedia, instagramProfile } from '#lib/providers/instagram';
import { durationSeconds, youtubeMedia, youtubeProfile } from '#lib/providers/youtube';
import { parseDriveQuery } from '../../local/fakes/drive';

describe('Instagram answers as profiles and posts', () => {
  it('reads /me into the account record', () => {
    expect(
      instagramProfile({ id: '261', user_id: '17841', username: 'crumb.co', name: 'Crumb', followers_count: 12840, follows_count: 3, media_count: 40, biography: 'Bread.', website: 'https://crumb.example', profile_picture_url: 'https://cdn/x.jpg' }),
    ).toEqual({ external_id: '17841', username: 'crumb.co', name: 'Crumb', followers: 12840, following: 3, media_count: 40, biography: 'Bread.', website: 'https://crumb.example', picture_url: 'https://cdn/x.jpg', url: 'https://www.instagram.com/crumb.co/' });
    expect(instagramProfile({ id: '9', username: 'x' })).toEqual({ external_id: '9', username: 'x', followers: 0, url: 'https://www.instagram.com/x/' });
  });

  it('maps media types, Graph timestamps and insights (insights over the media counts)', () => {
    const reel = instagramMedia(
      { id: '1', media_type: 'VIDEO', media_product_type: 'REELS', permalink: 'https://www.instagram.com/reel/Cabc/', timestamp: '2026-08-31T18:10:00+0000', media_url: 'https://cdn/v.mp4', thumbnail_url: 'https://cdn/t.jpg', like_count: 5, comments_count: 1, caption: 'Hi' },
      { reach: 900, views: 1500, likes: 7, comments: 2, saved: 3, shares: 4 },
    );
    expect(reel).toEqual({ external_id: '1', url: 'https://www.instagram.com/reel/Cabc/', caption: 'Hi', media_url: 'https://cdn/v.mp4', media_type: 'reel', thumbnail_url: 'https://cdn/t.jpg', published_at: '2026-08-31T18:10:00.000Z', metrics: { views: 1500, reach: 900, likes: 7, comments: 2, saves: 3, shares: 4 } });
    const image = instagramMedia({ id: '2', media_type: 'IMAGE', permalink: 'https://www.instagram.com/p/Cdef/', timestamp: '2026-01-02T03:04:05+0100', media_url: 'https://cdn/i.jpg', like_count: 5, comments_count: 0 });
    expect(image).toMatchObject({ media_type: 'image', thumbnail_url: 'https://cdn/i.jpg', published_at: '2026-01-02T02:04:05.000Z', metrics: { likes: 5, comments: 0 } });
    expect(instagramMedia({ id: '3', media_type: 'CAROUSEL_ALBUM', timestamp: '2026-01-02T03:04:05+0000' }).media_type).toBe('carousel');
    expect(instagramMedia({ id: '4', media_type: 'VIDEO', media_product_type: 'FEED', timestamp: '2026-01-02T03:04:05+0000' }).media_type).toBe('video');
  });

  it('reads insight values (values[0] or total_value), skipping what is not a number', () => {
    expect(insightValues({ data: [{ name: 'reach', values: [{ value: 10 }] }, { name: 'views', total_value: { value: 20 } }, { name: 'likes', values: [{ value: 'x' }] }] })).toEqual({ reach: 10, views: 20 });
    expect(insightValues(undefined)).toEqual({});
  });
});

describe('YouTube answers as profiles and posts', () => {
  it('reads ISO durations', () => {
    expect(durationSeconds('PT45S')).toBe(45);
    expect(durationSeconds('PT4M13S')).toBe(253);
    expect(durationSeconds('PT1H2M')).toBe(3720);
    expect(durationSeconds('P1DT1S')).toBe(86_401);
    expect(durationSeconds('soon')).toBeUndefined();
  });

  it('reads a channel (subscribers as followers, the handle as username) and a video (short when ≤ 60 s)', () => {
    expect(
      youtubeProfile({ id: 'UC1', snippet: { title: 'Crumb', customUrl: '@crumb', description: 'Bread', thumbnails: { default: { url: 'd' }, high: { url: 'h' } } }, statistics: { subscriberCount: '3420', videoCount: '20', viewCount: '65000' } }),
    ).toEqual({ external_id: 'UC1', username: 'crumb', name: 'Crumb', followers: 3420, media_count: 20, biography: 'Bread', picture_url: 'h', url: 'https://www.youtube.com/@crumb', total_views: 65000 });
    const short = youtubeMedia({ id: 'abc', snippet: { title: 'Loaf', publishedAt: '2026-10-01T17:00:00Z', thumbnails: { medium: { url: 'm' } } }, contentDetails: { duration: 'PT45S' }, statistics: { viewCount: '100', likeCount: '9', commentCount: '2' } });
    expect(short).toEqual({ external_id: 'abc', url: 'https://www.youtube.com/watch?v=abc', caption: 'Loaf', media_type: 'short', thumbnail_url: 'm', published_at: '2026-10-01T17:00:00.000Z', metrics: { views: 100, likes: 9, comments: 2 } });
    expect(youtubeMedia({ id: 'x', snippet: { publishedAt: '2026-10-01T17:00:00Z' }, contentDetails: { duration: 'PT3M' }, statistics: { viewCount: '1' } })).toMatchObject({ media_type: 'video', metrics: { views: 1 } });
  });
});

describe('Google failures', () => {
  /** Google's error answer as the API client throws it. */
  const answer = (status: number, reason?: string, headers: Record<string, string> = {}) =>
    new ProviderHttpError({ status, headers, body: { error: { code: status, message: `m ${reason ?? ''}`, errors: reason ? [{ reason, domain: 'd' }] : [] } }, latencyMs: 3 });

  it('classifies quota, rate, scope and token failures', () => {
    expect(googleApiFailure(answer(403, 'quotaExceeded'), 3)).toMatchObject({ rateLimited: true, retryable: true, status: 403, retryAfterSeconds: expect.any(Number) });
    expect(googleApiFailure(answer(403, 'userRateLimitExceeded'), 3)).toMatchObject({ rateLimited: true, retryAfterSeconds: 60 });
    expect(googleApiFailure(answer(429, undefined, { 'retry-after': '7' }), 3)).toMatchObject({ rateLimited: true, retryAfterSeconds: 7 });
    expect(googleApiFailure(answer(401, 'authError'), 3)).toMatchObject({ unauthorized: true, retryable: false });
    expect(googleApiFailure(answer(403, 'insufficientPermissions'), 3)).toMatchObject({ unauthorized: true, retryable: false });
    expect(googleApiFailure(answer(500, 'backendError'), 3)).toMatchObject({ retryable: true });
    const forbidden = googleApiFailure(answer(403, 'forbidden'), 3);
    expect([forbidden.retryable, forbidden.rateLimited ?? false, forbidden.unauthorized ?? false]).toEqual([false, false, false]);
    expect(googleApiFailure(Object.assign(new Error('fetch failed'), { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }), 3)).toMatchObject({ retryable: true });
  });

  it('waits for the YouTube quota until Pacific midnight', () => {
    // 2026-11-24 12:00 UTC is 04:00 in Los Angeles (PST, UTC-8): 20 hours left.
    expect(secondsUntilPacificMidnight(new Date('2026-11-24T12:00:00Z'))).toBe(20 * 3600);
    // 2026-07-01 06:30 UTC is 23:30 (PDT, UTC-7): half an hour.
    expect(secondsUntilPacificMidnight(new Date('2026-07-01T06:30:00Z'))).toBe(1800);
  });
});

describe('Drive queries', () => {
  it('escapes quotes and backslashes in names, and the fake reads the query back the same', () => {
    expect(driveQueryString("Bob's \\ bakery")).toBe("'Bob\\'s \\\\ bakery'");
    const q = folderQuery("Bob's \\ bakery", 'p1');
    expect(q).toBe("name = 'Bob\\'s \\\\ bakery' and mimeType = 'application/vnd.google-apps.folder' and trashed = false and 'p1' in parents");
    const match = parseDriveQuery(q);
    if (typeof match === 'string') throw new Error(match);
    const folder = { id: 'f', name: "Bob's \\ bakery", mimeType: 'application/vnd.google-apps.folder', parents: ['p1'], trashed: false, createdTime: '', modifiedTime: '', byApp: true };
    expect(match(folder)).toBe(true);
    expect(match({ ...folder, trashed: true })).toBe(false);
    expect(match({ ...folder, parents: ['p2'] })).toBe(false);
    expect(match({ ...folder, name: 'Bobs' })).toBe(false);
    expect(folderQuery('raw')).toContain("'root' in parents");
    expect(parseDriveQuery("name = 'x' or name = 'y'")).toBe('Invalid Value');
    expect(parseDriveQuery('modifiedTime > 3')).toBe('Invalid Value');
  });
});
