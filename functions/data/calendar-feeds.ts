import type { EntityItem } from 'electrodb';
import { db } from './db';
import { allExactly, exactly } from './exact-ids';
import type { calendarFeedEntity } from './export-entities';

export type CalendarFeedItem = EntityItem<typeof calendarFeedEntity>;

/** A person's feeds in a workspace (pattern: calendarFeedsOfUser), oldest first. */
export const listCalendarFeeds = async (workspaceId: string, userId: string): Promise<CalendarFeedItem[]> => {
  const { data } = await db().entities.calendarFeed.query.byUser({ userId, workspaceId }).go({ pages: 'all' });
  return allExactly(data, { userId, workspaceId });
};

export const putCalendarFeed = async (feed: CalendarFeedItem): Promise<void> => {
  await db().entities.calendarFeed.create(feed).go();
};

/** The feed whose token hashes to this (pattern: calendarFeedByToken). */
export const getCalendarFeed = async (tokenHash: string): Promise<CalendarFeedItem | undefined> => {
  const { data } = await db().entities.calendarFeed.get({ tokenHash }).go();
  return exactly(data, { tokenHash });
};

/** Deletes the feed of this person and workspace with this id; false when there is none. */
export const deleteCalendarFeed = async (workspaceId: string, userId: string, feedId: string): Promise<boolean> => {
  const feed = (await listCalendarFeeds(workspaceId, userId)).find((item) => item.feedId === feedId);
  if (!feed) return false;
  await db().entities.calendarFeed.delete({ tokenHash: feed.tokenHash }).go();
  return true;
};
