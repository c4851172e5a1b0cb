import { randomBytes } from 'node:crypto';
import { boolOf, intOf, mapOf, objectsOf, stringOf, type FormObject } from '../stripe-form';
import { addInterval, missing, newId, StripeError, type Obj, type StripeStore } from './state';

/**
 * What the local Stripe does: customers, checkout sessions and their completion (subscription, invoice and the
 * events Stripe sends for them), subscription changes and cancellation.
 */
export type OperationOptions = {
  /** Origin + mount path of the checkout pages; read when a session is created. */
  readonly pagesUrl: string;
};

export type StripeOperations = ReturnType<typeof createOperations>;

export const createOperations = (store: StripeStore, emit: (type: string, object: Obj, previous?: Obj) => Promise<void>, options: OperationOptions) => {
  const { state, nowSeconds, save, subscriptionView, publicSession } = store;

  const createCustomer = (params: FormObject) => {
    const customer = {
      id: newId('cus'),
      object: 'customer',
      email: stringOf(params.email) ?? null,
      name: stringOf(params.name) ?? null,
      metadata: mapOf(params.metadata),
      created: nowSeconds(),
      livemode: false,
    };
    state.customers[customer.id] = customer;
    return customer;
  };

  const createSession = (params: FormObject) => {
    if (stringOf(params.mode) !== 'subscription') throw new StripeError(400, 'Only mode=subscription is emulated', 'parameter_invalid_string', 'mode');
    const customerId = stringOf(params.customer);
    if (customerId && !state.customers[customerId]) throw missing('customer', customerId, 'customer');
    const lineItems = objectsOf(params.line_items).map((item, index) => {
      const priceId = stringOf(item.price) ?? '';
      const price = state.prices[priceId];
      if (!price) throw missing('price', priceId, `line_items[${index}][price]`);
      const quantity = intOf(item.quantity) ?? 1;
      if (quantity < 0) throw new StripeError(400, 'Invalid quantity', 'parameter_invalid_integer', `line_items[${index}][quantity]`);
      return { price: priceId, quantity };
    });
    if (lineItems.length === 0) throw new StripeError(400, 'line_items is required', 'parameter_missing', 'line_items');
    for (const field of ['success_url', 'cancel_url'] as const) {
      if (!stringOf(params[field])) throw new StripeError(400, `Missing required param: ${field}.`, 'parameter_missing', field);
    }
    const subscriptionData = (params.subscription_data ?? {}) as FormObject;
    const trialDays = intOf(subscriptionData.trial_period_days);
    if (trialDays !== undefined && trialDays < 1) {
      throw new StripeError(400, 'trial_period_days must be at least 1', 'parameter_invalid_integer', 'subscription_data[trial_period_days]');
    }
    const id = `cs_test_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`;
    const amount = lineItems.reduce((sum, item) => sum + state.prices[item.price].unit_amount * item.quantity, 0);
    const created = nowSeconds();
    const session = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: customerId ?? null,
      customer_email: customerId ? null : (stringOf(params.customer_email) ?? null),
      client_reference_id: stringOf(params.client_reference_id) ?? null,
      metadata: mapOf(params.metadata),
      success_url: stringOf(params.success_url)!,
      cancel_url: stringOf(params.cancel_url)!,
      url: `${options.pagesUrl}/checkout/${id}`,
      subscription: null,
      currency: 'usd',
      amount_subtotal: amount,
      amount_total: trialDays ? 0 : amount,
      created,
      expires_at: created + 24 * 3600,
      livemode: false,
      // Kept for completion; Stripe does not show these on the session itself.
      _line_items: lineItems,
      _subscription_data: { metadata: mapOf(subscriptionData.metadata), trial_period_days: trialDays ?? null },
    };
    state.sessions[id] = session;
    return session;
  };


  const newInvoice = (subscription: Obj, amount: number) => {
    const invoice = {
      id: newId('in'),
      object: 'invoice',
      status: 'paid',
      customer: subscription.customer,
      currency: 'usd',
      amount_due: amount,
      amount_paid: amount,
      billing_reason: 'subscription_create',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      period_start: subscription.items.data[0]?.current_period_start,
      period_end: subscription.items.data[0]?.current_period_end,
      created: nowSeconds(),
      livemode: false,
    };
    state.invoices[invoice.id] = invoice;
    return invoice;
  };

  const confirmCheckout = async (sessionId: string): Promise<string> => {
    const session = state.sessions[sessionId];
    if (!session) throw missing('checkout.session', sessionId);
    const successUrl = session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
    if (session.status === 'complete') return successUrl;
    if (session.status !== 'open') throw new StripeError(400, 'This checkout session has expired', 'checkout_session_expired');
    let customerId: string = session.customer;
    if (!customerId) {
      customerId = createCustomer({ email: session.customer_email ?? '' }).id;
      session.customer = customerId;
    }
    const now = nowSeconds();
    const trialDays: number | null = session._subscription_data.trial_period_days;
    const trialEnd = trialDays ? now + trialDays * 86_400 : null;
    const subscriptionId = newId('sub');
    const interval = state.prices[session._line_items[0].price].recurring.interval;
    const periodEnd = trialEnd ?? addInterval(now, interval);
    const subscription = {
      id: subscriptionId,
      object: 'subscription',
      status: trialEnd ? 'trialing' : 'active',
      customer: customerId,
      currency: 'usd',
      collection_method: 'charge_automatically',
      metadata: session._subscription_data.metadata,
      items: {
        object: 'list',
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
        has_more: false,
        data: session._line_items.map((item: { price: string; quantity: number }) => ({
          id: newId('si'),
          object: 'subscription_item',
          subscription: subscriptionId,
          price: structuredClone(state.prices[item.price]),
          quantity: item.quantity,
          current_period_start: now,
          current_period_end: periodEnd,
          created: now,
          metadata: {},
        })),
      },
      created: now,
      start_date: now,
      billing_cycle_anchor: periodEnd,
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      latest_invoice: null as string | null,
      livemode: false,
    };
    state.subscriptions[subscriptionId] = subscription;
    const invoice = newInvoice(subscription, trialEnd ? 0 : session.amount_subtotal);
    subscription.latest_invoice = invoice.id;
    Object.assign(session, { status: 'complete', payment_status: trialEnd ? 'no_payment_required' : 'paid', subscription: subscriptionId });
    save();
    await emit('customer.subscription.created', subscriptionView(subscription));
    await emit('checkout.session.completed', publicSession(session));
    await emit('invoice.paid', invoice);
    return successUrl;
  };

  const cancelCheckout = (sessionId: string): string => {
    const session = state.sessions[sessionId];
    if (!session) throw missing('checkout.session', sessionId);
    return session.cancel_url;
  };

  const updateSubscription = async (subscription: Obj, params: FormObject) => {
    const previous: Obj = {};
    if (params.metadata !== undefined) {
      previous.metadata = subscription.metadata;
      subscription.metadata = { ...subscription.metadata, ...mapOf(params.metadata) };
    }
    const cancelAtPeriodEnd = boolOf(params.cancel_at_period_end);
    if (cancelAtPeriodEnd !== undefined) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      subscription.cancel_at_period_end = cancelAtPeriodEnd;
      subscription.cancel_at = cancelAtPeriodEnd ? subscription.items.data[0]?.current_period_end : null;
      subscription.canceled_at = cancelAtPeriodEnd ? nowSeconds() : null;
    }
    const items = objectsOf(params.items);
    if (items.length) previous.items = structuredClone(subscription.items);
    items.forEach((change, index) => {
      const itemId = stringOf(change.id);
      const quantity = intOf(change.quantity);
      const existing = itemId ? subscription.items.data.find((item: Obj) => item.id === itemId) : undefined;
      if (itemId && !existing) throw missing('subscription_item', itemId, `items[${index}][id]`);
      if (existing) {
        if (boolOf(change.deleted)) subscription.items.data = subscription.items.data.filter((item: Obj) => item !== existing);
        else if (quantity !== undefined) existing.quantity = quantity;
        return;
      }
      const priceId = stringOf(change.price) ?? '';
      if (!state.prices[priceId]) throw missing('price', priceId, `items[${index}][price]`);
      const base = subscription.items.data[0];
      subscription.items.data.push({
        id: newId('si'),
        object: 'subscription_item',
        subscription: subscription.id,
        price: structuredClone(state.prices[priceId]),
        quantity: quantity ?? 1,
        current_period_start: base?.current_period_start ?? nowSeconds(),
        current_period_end: base?.current_period_end ?? nowSeconds(),
        created: nowSeconds(),
        metadata: {},
      });
    });
    save();
    await emit('customer.subscription.updated', subscriptionView(subscription), previous);
  };

  const cancelSubscription = async (subscription: Obj) => {
    if (subscription.status === 'canceled') return;
    const now = nowSeconds();
    Object.assign(subscription, { status: 'canceled', canceled_at: subscription.canceled_at ?? now, ended_at: now, cancel_at_period_end: false });
    save();
    await emit('customer.subscription.deleted', subscriptionView(subscription));
  };

  return { createCustomer, createSession, confirmCheckout, cancelCheckout, updateSubscription, cancelSubscription };
};
