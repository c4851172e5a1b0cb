import { queueById } from '#shared/queues';
import { config } from '#lib/config';
import { sendEmail } from '#lib/email';
import { enqueue } from '#lib/queue';
import { queueHandler } from '#lib/queue-consumer';
import { getMemberships, getProjectWithMembers } from '#data/project-users';
import { createNotificationsIfMissing, getNotificationEvent, getNotificationsOffOfMany, listDigestEntries, placeDigestEntry } from '#data/notifications';
import { getUserNames } from '#data/users';
import { listTaskWatches } from '#data/watches';
import { getWorkspacesOfMemberships } from '#data/workspaces';
import { systemClock as clock } from '#core/clock';
import { fanOutEvent, sendDigest } from '#core/notifications/fan-out';

/** The SPA's page with the notification settings (the profile page's section), linked from every email. */
const SETTINGS_PATH = '/profile#notifications';

/** The notification fan-out (shared/queues.ts): events from the outbox to people, closed digest windows to email. */
export const handler = queueHandler(queueById('notifications'), async (message) => {
  if (message.type === 'digest') {
    await sendDigest({ listDigestEntries, sendEmail, appUrl: config.appUrl, settingsPath: SETTINGS_PATH }, message.userId, message.window);
    return;
  }
  await fanOutEvent(
    {
      clock,
      getMemberships,
      getProjectMembers: async (ctx, projectId) => (await getProjectWithMembers(ctx, projectId)).members,
      getNotificationEvent,
      listTaskWatches,
      getWorkspaceName: async (workspaceId) => (await getWorkspacesOfMemberships([{ workspaceId }]))[0]?.name,
      getUserNames,
      getNotificationsOffOfMany,
      putNotifications: createNotificationsIfMissing,
      placeDigestEntry,
      enqueue: (next, delaySeconds) => enqueue('notifications', next, { delaySeconds }),
      enqueuePush: (push) => enqueue('push', push),
      digestSeconds: config.notificationDigestSeconds,
    },
    message.eventId,
  );
});
