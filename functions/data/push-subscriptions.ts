import type { EntityItem } from 'electrodb';
import { db } from './db';
import { unlessRefused } from './conditions';
import type { pushSubscriptionEntity } from './push-entities';

export type PushSubscriptionItem = EntityItem<typeof pushSubscriptionEntity>;

/** Stores a device's subscription, replacing what the device had (pattern: pushSubscriptionOfDevice). */
export const putPushSubscription = async (item: PushSubscriptionItem): Promise<void> => {
  await db().entities.pushSubscription.put(item).go();
};

/** One device's subscription of a person (pattern: pushSubscriptionOfDevice). */
export const getPushSubscription = async (userId: string, deviceId: string): Promise<PushSubscriptionItem | undefined> => {
  const { data } = await db().entities.pushSubscription.get({ userId, deviceId }).go();
  return data && data.userId === userId && data.deviceId === deviceId ? data : undefined;
};

/** Every device of a person, for a push (pattern: pushSubscriptionsOfUser). A person has a handful: one page. */
export const listPushSubscriptions = async (userId: string): Promise<PushSubscriptionItem[]> => {
  const { data } = await db().entities.pushSubscription.query.primary({ userId }).go({ pages: 'all' });
  return data.filter((item) => item.userId === userId);
};

/** Removes a device's subscription (sign-out); nothing there is fine (pattern: pushSubscriptionOfDevice). */
export const deletePushSubscription = async (userId: string, deviceId: string): Promise<void> => {
  await db().entities.pushSubscription.delete({ userId, deviceId }).go();
};

/**
 * Removes a subscription the push service called gone, only while it still points at that endpoint: the device may
 * have subscribed again meanwhile, and its new subscription must stay (pattern: pushSubscriptionOfDevice).
 */
export const deleteGonePushSubscription = async (userId: string, deviceId: string, endpoint: string): Promise<boolean> => {
  return unlessRefused(async () => {
    await db()
      .entities.pushSubscription.delete({ userId, deviceId })
      .where((attr, { eq }) => eq(attr.endpoint, endpoint))
      .go();
    return true;
  }, false);
};
