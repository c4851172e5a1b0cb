/** Pure list logic of the notification centre, kept apart from React and zustand so it is unit-tested. */

/** Spec types: positive (check icon) and negative (error icon). */
export type NotificationKind = 'positive' | 'negative';

export type NotificationInput = {
  kind: NotificationKind;
  message: string;
  /** Auto-dismiss after this many ms (plus NOTIFICATION_DISMISS_EXTRA_MS); undefined = stays until dismissed. */
  timeout?: number;
  /** One thing to do about it, a button in the notification ("Open" the task just created). */
  action?: { text: string; run: () => void };
};

export type AppNotification = NotificationInput & {
  id: string;
  /** How many identical notifications this one stands for; shown as a badge when > 1. */
  count: number;
};

const sameNotification = (a: NotificationInput, b: NotificationInput) =>
  a.kind === b.kind && a.message === b.message;

/**
 * Adds a notification: an identical one already shown is grouped (its count goes up and it moves to the top)
 * rather than shown twice, and a success replaces the earlier successes (only the latest is news; saving five
 * things must not stack five green bars). Errors stay until dismissed. Returns the new list and the id that now
 * carries the notification.
 */
export const addNotification = (
  list: readonly AppNotification[],
  input: NotificationInput,
  newId: () => string,
): { list: AppNotification[]; id: string } => {
  const existing = list.find((item) => sameNotification(item, input));
  const others = list.filter((item) => item !== existing && !(input.kind === 'positive' && item.kind === 'positive'));
  if (existing) return { list: [{ ...existing, timeout: input.timeout, count: existing.count + 1 }, ...others], id: existing.id };
  const id = newId();
  return { list: [{ ...input, id, count: 1 }, ...others], id };
};

export const removeNotification = (list: readonly AppNotification[], id: string): AppNotification[] =>
  list.filter((item) => item.id !== id);

/** Default lifetimes: a success fades, an error stays until read and dismissed. */
export const DEFAULT_TIMEOUT: Record<NotificationKind, number | undefined> = {
  positive: 5_000,
  negative: undefined,
};
