import { route } from './route-spec';
import { notification, notificationList, notificationParams, notificationSettings } from '../schemas/collab';
import { profile, updateProfileBody } from '../schemas/workspace';

/** The caller: profile and notifications. */
export const profileRoutes = {
  getProfile: route({
    id: 'get-profile',
    method: 'GET',
    path: '/me',
    auth: 'user',
    response: profile,
    access: { table: 'read' },
    summary: "The caller's profile",
  }),
  updateProfile: route({
    id: 'update-profile',
    method: 'PATCH',
    path: '/me',
    auth: 'user',
    body: updateProfileBody,
    response: profile,
    access: { table: 'readWrite' },
    summary: "Change the caller's display name",
  }),
  listNotifications: route({
    id: 'list-notifications',
    method: 'GET',
    path: '/notifications',
    auth: 'user',
    response: notificationList,
    access: { table: 'read' },
    summary: "The signed-in person's in-app notifications (reminders, failed deliveries, review decisions, comments, mentions, assignments), newest first",
  }),
  readNotification: route({
    id: 'read-notification',
    method: 'POST',
    path: '/notifications/{notificationId}/read',
    auth: 'user',
    params: notificationParams,
    response: notification,
    access: { table: 'readWrite' },
    summary: 'Mark one of my notifications read',
  }),
  getNotificationSettings: route({
    id: 'get-notification-settings',
    method: 'GET',
    path: '/me/notification-settings',
    auth: 'user',
    response: notificationSettings,
    access: { table: 'read' },
    summary: 'Which kinds of notification reach me in the app and by email',
  }),
  updateNotificationSettings: route({
    id: 'update-notification-settings',
    method: 'PUT',
    path: '/me/notification-settings',
    auth: 'user',
    body: notificationSettings,
    response: notificationSettings,
    access: { table: 'readWrite' },
    summary: 'Turn kinds of notification on or off, in the app and by email',
  }),
} as const;
