import type { IncomingMessage, ServerResponse } from 'node:http';
import { closeServer, HOST, listen } from './net';
import { createApiServer } from './stripe/api';
import { createOperations } from './stripe/operations';
import { createPages } from './stripe/pages';
import { createStripeStore, type EventRecord } from './stripe/state';
import { createWebhooks } from './stripe/webhooks';

export { seedCatalogue } from './stripe/state';

/**
 * A small Stripe for the local stack. Its API (own port; the `stripe` SDK is pointed at it with host/port/
 * protocol) speaks what the functions call: form-encoded bodies, `expand[]`, list objects, Stripe's error shape,
 * Bearer secret key, Idempotency-Key. The catalogue is seeded from shared/plans (lookup keys, nickname 'base').
 * Its human side is mounted under the gateway's origin (`/_local/stripe`): a checkout page with "Confirm
 * subscription" and "Cancel" that creates the subscription, sends SIGNED webhooks to the webhook route and
 * redirects to success_url. Time comes from `clock`, the same (movable) clock as the functions, so signatures,
 * trials and periods agree with them. State persists in `stateFile` when given.
 * Its parts (local/stripe/): state, operations (what Stripe does), webhooks, the API server and the pages.
 */
export type StripeEmulatorOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Where signed events are POSTed (the gateway's /api/stripe/webhook). */
  webhookUrl: string;
  /** Origin + mount path of the human pages, e.g. http://127.0.0.1:3000/_local/stripe. */
  pagesUrl: string;
  clock: () => Date;
  stateFile?: string;
  /** Port of the API server; 0 = random. */
  port?: number;
};

export type StripeEmulator = {
  /** The API base for STRIPE_API_URL, e.g. http://127.0.0.1:41234. */
  apiUrl: string;
  port: number;
  /** Serves the human pages under the gateway (mount prefix stripped by the caller's `rest`). */
  handlePage: (req: IncomingMessage, res: ServerResponse, rest: string) => Promise<void>;
  /** Completes a checkout as the page's Confirm button does; answers where the browser is sent. */
  confirmCheckout: (sessionId: string) => Promise<string>;
  events: () => EventRecord[];
  stop: () => Promise<void>;
};

export const startStripeEmulator = async (options: StripeEmulatorOptions): Promise<StripeEmulator> => {
  const store = createStripeStore(options);
  const { emit } = createWebhooks(store, options);
  const operations = createOperations(store, emit, options);
  const server = createApiServer(store, operations, options);
  const port = await listen(server, options.port ?? 0);
  return {
    apiUrl: `http://${HOST}:${port}`,
    port,
    handlePage: createPages(store, operations, options),
    confirmCheckout: operations.confirmCheckout,
    events: () => store.state.events,
    stop: () => closeServer(server),
  };
};
