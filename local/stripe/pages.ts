import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderCheckoutPage, renderNotFound } from '../stripe-checkout-page';
import { readRequestText } from '../net';
import type { StripeOperations } from './operations';
import { StripeError, type StripeStore } from './state';

/**
 * The local Stripe's human side, mounted under the gateway's origin: the checkout page ("Confirm subscription",
 * "Cancel"), which completes or abandons the session and sends the browser on, and the list of sent events.
 */
export type PageOptions = {
  /** Origin + mount path of these pages; read per request. */
  readonly pagesUrl: string;
  clock: () => Date;
};

export const createPages = (store: StripeStore, operations: StripeOperations, options: PageOptions) => {
  const { state } = store;
  const { confirmCheckout, cancelCheckout } = operations;

  const PAGE_HEADERS = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(303, { location, 'cache-control': 'no-store' });
    res.end();
  };

  const handlePage = async (req: IncomingMessage, res: ServerResponse, rest: string) => {
    const method = (req.method ?? 'GET').toUpperCase();
    if (rest === '/events.json' && method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      return void res.end(JSON.stringify(state.events));
    }
    const match = /^\/checkout\/([A-Za-z0-9_]+)(?:\/(confirm|cancel))?$/.exec(rest);
    const session = match ? state.sessions[match[1]] : undefined;
    if (!match || !session) {
      res.writeHead(404, PAGE_HEADERS);
      return void res.end(renderNotFound());
    }
    const action = match[2];
    if (!action && (method === 'GET' || method === 'HEAD')) {
      const items = session._line_items.map((item: { price: string; quantity: number }) => ({
        price: state.prices[item.price],
        product: state.products[state.prices[item.price].product],
        quantity: item.quantity,
      }));
      const customer = session.customer ? state.customers[session.customer] : undefined;
      res.writeHead(200, PAGE_HEADERS);
      return void res.end(
        renderCheckoutPage({
          session: session as { id: string; status: string; amount_subtotal: number },
          items,
          email: customer?.email ?? session.customer_email ?? '',
          trialDays: session._subscription_data.trial_period_days,
          actionBase: `${new URL(options.pagesUrl).pathname}/checkout/${session.id}`,
          now: options.clock(),
        }),
      );
    }
    if (method !== 'POST') {
      res.writeHead(405, { allow: 'GET, POST' });
      return void res.end();
    }
    await readRequestText(req);
    try {
      redirect(res, action === 'confirm' ? await confirmCheckout(session.id) : cancelCheckout(session.id));
    } catch (error) {
      res.writeHead(error instanceof StripeError ? error.status : 500, PAGE_HEADERS);
      res.end(renderNotFound((error as Error).message));
    }
  };

  return handlePage;
};
