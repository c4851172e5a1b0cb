import { NOTIFICATION_DIGEST_SECONDS_ENV } from '#lib/config';
import { startStack } from '../../../local/stack';

/** One embedded stack for the browser journeys; its URL reaches the tests through the environment. */
export default async function globalSetup() {
  // Notification emails leave when their window closes: a few seconds here, not a minute per journey.
  process.env[NOTIFICATION_DIGEST_SECONDS_ENV] ??= '3';
  const stack = await startStack({ port: 0, seed: true });
  process.env.E2E_BASE_URL = stack.url;
  return async () => stack.stop();
}
