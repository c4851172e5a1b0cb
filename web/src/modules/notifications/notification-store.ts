import { NOTIFICATION_DISMISS_EXTRA_MS } from '#shared/constants';
import { create } from 'zustand';
import {
  addNotification,
  DEFAULT_TIMEOUT,
  removeNotification,
  type AppNotification,
  type NotificationInput,
  type NotificationKind,
} from './notification-list';

type NotificationState = {
  items: AppNotification[];
  push: (input: NotificationInput) => string;
  dismiss: (id: string) => void;
  reset: () => void;
};

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let sequence = 0;

const clearTimer = (id: string) => {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
};

export const useNotificationStore = create<NotificationState>()((set, get) => ({
  items: [],
  push: (input) => {
    const { list, id } = addNotification(get().items, input, () => `n${++sequence}`);
    // What the new one replaced has no timer left to run.
    for (const gone of get().items) if (!list.some((item) => item.id === gone.id)) clearTimer(gone.id);
    set({ items: list });
    // A grouped notification restarts its clock: the latest occurrence gets its full time on screen.
    clearTimer(id);
    if (input.timeout !== undefined) {
      timers.set(id, setTimeout(() => get().dismiss(id), input.timeout + NOTIFICATION_DISMISS_EXTRA_MS));
    }
    return id;
  },
  dismiss: (id) => {
    clearTimer(id);
    set({ items: removeNotification(get().items, id) });
  },
  reset: () => {
    for (const id of timers.keys()) clearTimer(id);
    set({ items: [] });
  },
}));

const pushKind = (kind: NotificationKind) => (message: string, timeout: number | undefined = DEFAULT_TIMEOUT[kind]) =>
  useNotificationStore.getState().push({ kind, message, timeout });

/** Shortcuts for code outside React: `notify.positive('Saved')`, `notify.negative(message)`. */
export const notify = {
  positive: pushKind('positive'),
  negative: pushKind('negative'),
};
