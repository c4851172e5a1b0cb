import Stripe from 'stripe';
import { API_VERSION, EVENT_LIMIT, newId, type EventRecord, type Obj, type StripeStore } from './state';

/**
 * Events as Stripe sends them: recorded with a snapshot of their object, signed with the webhook secret and POSTed
 * to the webhook route, retried a few times, each delivery attempt kept with the event.
 */
export type WebhookOptions = {
  webhookSecret: string;
  /** Read on each delivery (the gateway's URL is known only once its port is open). */
  readonly webhookUrl: string;
};

export const createWebhooks = (store: StripeStore, options: WebhookOptions) => {
  const { state, nowSeconds, save } = store;
  const deliver = async (record: EventRecord) => {
    const payload = JSON.stringify(record.event, null, 2);
    for (let attempt = 0; attempt < 3; attempt++) {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret, timestamp: nowSeconds() });
      try {
        const response = await fetch(options.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (local emulator)' },
          body: payload,
        });
        record.deliveries.push({ at: new Date().toISOString(), status: response.status });
        if (response.ok) return;
      } catch (error) {
        record.deliveries.push({ at: new Date().toISOString(), status: (error as Error).message });
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
    console.error(`[stripe] webhook ${record.event.type} ${record.event.id} not delivered: ${JSON.stringify(record.deliveries)}`);
  };

  /** Records an event with a snapshot of its object and delivers it (awaited, in order, like a slow Stripe). */
  const emit = async (type: string, object: Obj, previous?: Obj) => {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const record: EventRecord = { event, deliveries: [] };
    state.events = [...state.events, record].slice(-EVENT_LIMIT);
    save();
    await deliver(record);
    save();
  };

  return { emit };
};
