import type { IconProps } from '@cloudscape-design/components/icon';
import type { TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { selectIsAuthenticated, useAuthStore } from '../auth/auth-store';
import { useWorkspaceStore } from '../workspaces/workspace-store';
import { selectOfferPush, usePushStore } from '../push/push-store';
import { formatDateTime } from '../task-detail/format';
import { cachedNotification, useMarkNotificationRead, useNotifications } from './notification-queries';
import { openNotification } from './open-notification';
import { unreadCount, type InAppNotification } from './notification-target';

const ITEM_PREFIX = 'notification:';
/** Each kind of notification at a glance in the bell. */
const NOTIFICATION_ICONS = {
  reminder: 'notification',
  delivery_failed: 'status-warning',
  review_decision: 'status-info',
  comment: 'contact',
  mention: 'at-symbol',
  assignment: 'user-profile-active',
} as const satisfies Record<InAppNotification['type'], IconProps.Name>;
const EMPTY_ID = 'notifications-empty';
/** The offer to get these on this device too (push), at the top of the menu until taken or put off. */
const PUSH_ENABLE_ID = 'push:enable';
const PUSH_LATER_ID = 'push:later';

/** True once the first workspace load has settled (or there is none to load): what the first screen waits on. */
const useFirstLoadSettled = () => {
  const settled = useWorkspaceStore(
    (state) =>
      state.workspaceStatus === 'loaded' ||
      state.workspaceStatus === 'error' ||
      state.listStatus === 'error' ||
      (state.listStatus === 'loaded' && state.workspaces.length === 0),
  );
  // Kept once true: a later workspace switch does not pause the polling.
  const [latched, setLatched] = useState(false);
  if (settled && !latched) setLatched(true);
  return settled || latched;
};

/**
 * The notification bell of the top bar (a TopNavigation utility): unread count, the in-app notifications newest
 * first, polled while signed in (a logout clears the cache). The first request waits for the workspace's own
 * data, which the page shows first. A click marks it read, enters its workspace when needed (spec 4, push tap)
 * and goes to its task. The same object while nothing changed: the top navigation re-renders on a new one.
 */
export const useNotificationBell = (): TopNavigationProps.MenuDropdownUtility => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useAuthStore(selectIsAuthenticated);
  const firstLoadSettled = useFirstLoadSettled();
  const items = useNotifications(signedIn && firstLoadSettled);
  const { mutate: markRead } = useMarkNotificationRead();
  const offerPush = usePushStore(selectOfferPush);

  const open = useCallback(
    async (uid: string) => {
      const item = cachedNotification(uid);
      if (!item) return;
      if (!item.read) markRead(uid);
      await openNotification(item, navigate);
    },
    [markRead, navigate],
  );

  return useMemo(() => {
    const unread = unreadCount(items);
    const pushOffer = offerPush
      ? [
          { id: PUSH_ENABLE_ID, iconName: 'notification' as const, text: t('push.offer'), secondaryText: t('push.offerHint') },
          { id: PUSH_LATER_ID, text: t('push.notNow') },
        ]
      : [];
    const label = unread > 0 ? t('notificationCenter.labelUnread', { count: unread }) : t('notificationCenter.label');
    return {
      type: 'menu-dropdown',
      iconName: 'notification',
      ariaLabel: label,
      title: t('notificationCenter.title'),
      badge: unread > 0,
      text: unread > 0 ? String(unread) : undefined,
      disableUtilityCollapse: true,
      items: [
        ...pushOffer,
        ...(items.length === 0
          ? [{ id: EMPTY_ID, text: t('notificationCenter.empty'), disabled: true }]
          : items.map((item) => ({
              id: `${ITEM_PREFIX}${item.uid}`,
              iconName: NOTIFICATION_ICONS[item.type],
              text: item.title,
              secondaryText: `${item.body} · ${formatDateTime(item.created_at)}`,
              labelTag: item.read ? undefined : t('notificationCenter.new'),
            }))),
      ],
      onItemClick: ({ detail }) => {
        if (detail.id.startsWith(ITEM_PREFIX)) void open(detail.id.slice(ITEM_PREFIX.length));
        else if (detail.id === PUSH_ENABLE_ID) {
          // Asked right in the click: browsers show the question only within the gesture.
          const asked = Notification.requestPermission();
          void import('../push/push-service').then(({ enablePush }) => enablePush(asked));
        } else if (detail.id === PUSH_LATER_ID) usePushStore.getState().dismiss();
      },
    } satisfies TopNavigationProps.MenuDropdownUtility;
  }, [items, offerPush, open, t]);
};
