import { create } from 'zustand';
import { api } from '../../api/client';
import type { InAppNotification } from './notification-target';

type NotificationCenterState = {
  items: InAppNotification[];
  loaded: boolean;
  reset: () => void;
};

export const useNotificationCenterStore = create<NotificationCenterState>()((set) => ({
  items: [],
  loaded: false,
  reset: () => set({ items: [], loaded: false }),
}));

let loadSeq = 0;

/** GET /notifications into the store; quiet on failure (the bell keeps what it had, the next poll tries again). */
export const loadNotifications = async () => {
  const seq = ++loadSeq;
  try {
    const items = await api.call('listNotifications', { notify: false });
    if (seq === loadSeq) useNotificationCenterStore.setState({ items, loaded: true });
  } catch {
    // kept as is
  }
};

/** Marks one read at once in the bell, then on the server (a failure puts it back). */
export const markNotificationRead = async (notificationId: string) => {
  const mark = (read: boolean) =>
    useNotificationCenterStore.setState((state) => ({
      items: state.items.map((item) => (item.uid === notificationId ? { ...item, read } : item)),
    }));
  mark(true);
  try {
    await api.call('readNotification', { params: { notificationId }, notify: false });
  } catch {
    mark(false);
  }
};

export const clearNotificationCenter = () => {
  loadSeq++;
  useNotificationCenterStore.getState().reset();
};
