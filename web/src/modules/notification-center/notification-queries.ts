import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { NOTIFICATION_POLL_MS, type InAppNotification } from './notification-target';

const NOTIFICATIONS_KEY = ['me', 'notifications'] as const;
const NONE: InAppNotification[] = [];

/**
 * The in-app notifications, polled while signed in. Quiet on failure: the bell keeps what it had and the next
 * poll tries again.
 */
export const useNotifications = (signedIn: boolean): InAppNotification[] =>
  useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ signal }) => api.call('listNotifications', { notify: false, signal }),
    enabled: signedIn,
    refetchInterval: NOTIFICATION_POLL_MS,
  }).data ?? NONE;

const setRead = (notificationId: string, read: boolean) =>
  queryClient.setQueryData<InAppNotification[]>(NOTIFICATIONS_KEY, (items) =>
    items?.map((item) => (item.uid === notificationId ? { ...item, read } : item)),
  );

/** Marks one read at once in the bell, then on the server; a refusal marks it unread again, quietly. */
export const useMarkNotificationRead = () =>
  useMutation({
    mutationFn: (notificationId: string) => api.call('readNotification', { params: { notificationId }, notify: false }),
    onMutate: (notificationId) => setRead(notificationId, true),
    onError: (_error, notificationId) => setRead(notificationId, false),
  });

/** The notification with this uid, as the bell last had it. */
export const cachedNotification = (uid: string) =>
  queryClient.getQueryData<InAppNotification[]>(NOTIFICATIONS_KEY)?.find((candidate) => candidate.uid === uid);
