import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { queueById } from '#shared/queues';
import { ses } from '#lib/clients/ses';
import { config } from '#lib/config';
import { queueHandler } from '#lib/queue-consumer';
import { claimSend, markSent, releaseClaim } from '#data/sent-emails';
import { deliverEmail } from '#core/email/deliver-email';
import type { RenderedEmail } from '#core/email/templates';

const send = async (to: string, email: RenderedEmail) => {
  const result = await ses().send(
    new SendEmailCommand({
      FromEmailAddress: config.emailFrom,
      Destination: { ToAddresses: [to] },
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: email.text, Charset: 'UTF-8' }, Html: { Data: email.html, Charset: 'UTF-8' } },
        },
      },
    }),
  );
  return result.MessageId;
};

export const handler = queueHandler(queueById('email'), async (message) => {
  await deliverEmail({ claimSend, markSent, releaseClaim, send }, message);
});
