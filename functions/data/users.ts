import { db } from './db';
import { exactly } from './exact-ids';

export type UserItem = { userId: string; email: string; name?: string; updatedAt: string };

/** A person's profile (pattern: userById). */
export const getUser = async (userId: string): Promise<UserItem | undefined> => {
  const { data } = await db().entities.user.get({ userId }).go();
  return exactly(data, { userId });
};

/** Creates or updates a person's profile with their name (pattern: userById). */
export const saveUserName = async (user: { userId: string; email: string; name: string; updatedAt: string }): Promise<UserItem> => {
  const { data } = await db().entities.user.upsert(user).go({ response: 'all_new' });
  return data as UserItem;
};

/** Display names of several people at once, for the team list: one BatchGetItem (pattern: userById). */
export const getUserNames = async (userIds: readonly string[]): Promise<Map<string, string>> => {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const { data, unprocessed } = await db()
    .entities.user.get(unique.map((userId) => ({ userId })))
    .go({ concurrency: 4 });
  if (unprocessed.length) throw new Error(`BatchGet left ${unprocessed.length} users unprocessed`);
  return new Map(data.flatMap((user) => (user.name ? [[user.userId, user.name] as const] : [])));
};
