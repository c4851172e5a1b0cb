import { startStack } from '../../../local/stack';

/** One embedded stack for the browser journeys; its URL reaches the tests through the environment. */
export default async function globalSetup() {
  const stack = await startStack({ port: 0, seed: true });
  process.env.E2E_BASE_URL = stack.url;
  return async () => stack.stop();
}
