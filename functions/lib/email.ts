import type { EmailMessage } from '#shared/queues';
import { enqueue } from './queue';

/** Queues an email; the email consumer sends it (SES in AWS, the mail catcher locally). */
export const sendEmail = (message: EmailMessage) => enqueue('email', message);
