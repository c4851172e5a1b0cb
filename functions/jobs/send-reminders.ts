import { config } from '#lib/config';
import { sendEmail } from '#lib/email';
import { enqueue } from '#lib/queue';
import { newTimeId } from '#lib/ids';
import { jobHandler } from '#lib/job';
import { logger } from '#lib/logger';
import { dropFromReminderIndex, getReminderContext, listDueReminders, markReminderSent } from '#data/reminders';
import { systemClock as clock } from '#core/clock';
import { sendReminders } from '#core/reminders/send-reminders';

/** Every minute (shared/jobs.ts): due task reminders → email (through the email queue) and in-app notification, once. */
export const handler = jobHandler('send-reminders', async () => {
  const summary = await sendReminders({
    clock,
    appUrl: config.appUrl,
    listDueReminders,
    getReminderContext,
    sendEmail,
    sendPush: (message) => enqueue('push', message),
    markReminderSent,
    dropFromReminderIndex,
    newNotificationId: (now) => newTimeId(now.getTime()),
    log: (message, detail) => logger.error(message, detail ?? {}),
  });
  if (summary.notified + summary.marked + summary.dropped > 0) logger.info('Reminders sent', summary);
  return summary;
});
