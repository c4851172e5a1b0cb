import type { TestProject } from 'vitest/node';
import { startStack } from '../../local/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stackUrl: string;
    cognitoEndpoint: string;
    /** The local Stripe's signing secret, so webhook tests can sign (and mis-sign) events themselves. */
    stripeWebhookSecret: string;
    /** The local Stripe's API and key, so tests can change Stripe's side as a dashboard user would. */
    stripeApiUrl: string;
    stripeSecretKey: string;
    /** The functions' environment (table, endpoints), for tests that race writes through the data layer itself. */
    functionEnv: Record<string, string>;
  }
}

/** Starts the embedded stack once (fresh, in-memory data, random ports) for the whole integration run. */
export default async function setup(project: TestProject) {
  const stack = await startStack({ port: 0, seed: false });
  project.provide('stackUrl', stack.url);
  project.provide('cognitoEndpoint', stack.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER);
  project.provide('stripeWebhookSecret', stack.env.STRIPE_WEBHOOK_SECRET);
  project.provide('stripeApiUrl', stack.env.STRIPE_API_URL);
  project.provide('stripeSecretKey', stack.env.STRIPE_SECRET_KEY);
  project.provide('functionEnv', stack.env);
  return async () => stack.stop();
}
