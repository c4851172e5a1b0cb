import { escapeHtml } from './mail';

/**
 * The local stand-in for Stripe Checkout's page: what is bought (plan, seats, total), and two buttons. It is
 * screenshotted by the browser journeys, so it is plain, accessible HTML: one h1, labelled regions, a real
 * table with a caption, buttons in a form, AA contrast, visible focus.
 */
type Price = { unit_amount: number; currency: string; nickname: string | null; recurring: { interval: string }; metadata?: Record<string, string> };
type Product = { name: string };
export type CheckoutPageInput = {
  session: { id: string; status: string; amount_subtotal: number };
  items: { price: Price; product: Product; quantity: number }[];
  email: string;
  trialDays: number | null;
  /** Path the form posts to: <actionBase>/confirm and <actionBase>/cancel. */
  actionBase: string;
  now: Date;
};

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const dateText = (date: Date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1f36; background: #f6f8fa; }
main { max-width: 36rem; margin: 3rem auto; padding: 2rem; background: #fff; border: 1px solid #d0d7de; border-radius: 12px; }
.badge { display: inline-block; padding: .125rem .5rem; border-radius: 999px; background: #fff4ce; color: #5c4400; font-size: .875rem; font-weight: 600; }
h1 { font-size: 1.5rem; margin: .75rem 0 .25rem; }
p { margin: .5rem 0; }
.muted { color: #4a5568; }
table { width: 100%; border-collapse: collapse; margin: 1.25rem 0; }
caption { text-align: left; font-weight: 600; padding-bottom: .5rem; }
th, td { padding: .5rem 0; border-bottom: 1px solid #e2e8f0; text-align: left; vertical-align: top; }
td.amount, th.amount { text-align: right; white-space: nowrap; }
tfoot th, tfoot td { border-bottom: 0; font-weight: 700; font-size: 1.125rem; }
label { display: block; font-weight: 600; margin-top: 1rem; }
input { width: 100%; margin-top: .25rem; padding: .5rem .75rem; font: inherit; color: #1a1f36; background: #f6f8fa; border: 1px solid #8c959f; border-radius: 6px; }
.actions { display: flex; gap: .75rem; margin-top: 1.5rem; flex-wrap: wrap; }
button { font: inherit; font-weight: 600; padding: .625rem 1.25rem; border-radius: 6px; cursor: pointer; border: 2px solid #4338ca; }
button.primary { background: #4338ca; color: #fff; }
button.secondary { background: #fff; color: #4338ca; }
button:focus-visible { outline: 3px solid #1a1f36; outline-offset: 2px; }
.note { margin-top: 1.5rem; font-size: .875rem; }
`;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

export const renderCheckoutPage = ({ session, items, email, trialDays, actionBase, now }: CheckoutPageInput) => {
  const base = items.find((item) => item.price.nickname === 'base') ?? items[0];
  const interval = base?.price.recurring.interval ?? 'month';
  const per = interval === 'year' ? 'year' : 'month';
  const planName = base?.product.name ?? 'Plan';
  const extraSeats = items.filter((item) => item !== base).reduce((sum, item) => sum + item.quantity, 0);
  const includedSeats = Number(base?.price.metadata?.included_seats) || 0;
  const trialEnd = trialDays ? new Date(now.getTime() + trialDays * 86_400_000) : undefined;
  const rows = items
    .map((item) => {
      const label =
        item === base
          ? `${escapeHtml(item.product.name)} plan, billed ${interval === 'year' ? 'yearly' : 'monthly'}`
          : `Additional seats × ${item.quantity} (${money(item.price.unit_amount)} each)`;
      return `<tr><th scope="row">${label}</th><td class="amount">${money(item.price.unit_amount * item.quantity)}</td></tr>`;
    })
    .join('');
  const closed = session.status !== 'open';
  const body = `
<span class="badge">Test mode · local Stripe</span>
<h1>Subscribe to ${escapeHtml(planName)}</h1>
<p class="muted">${escapeHtml(planName)}${includedSeats ? ` includes ${includedSeats} seats` : ''}${extraSeats ? `${includedSeats ? ', plus' : ' with'} ${extraSeats} additional seat${extraSeats === 1 ? '' : 's'}` : ''}.</p>
<table>
  <caption>Order summary</caption>
  <thead><tr><th scope="col">Item</th><th scope="col" class="amount">Price per ${per}</th></tr></thead>
  <tbody>${rows}</tbody>
  <tfoot>
    <tr><th scope="row">Total per ${per}</th><td class="amount">${money(session.amount_subtotal)}</td></tr>
    ${trialEnd ? `<tr><th scope="row">Due today (${trialDays}-day trial)</th><td class="amount">${money(0)}</td></tr>` : ''}
  </tfoot>
</table>
${trialEnd ? `<p>Your trial ends on ${dateText(trialEnd)}; then ${money(session.amount_subtotal)} per ${per}.</p>` : ''}
${
  closed
    ? `<p role="status"><strong>This checkout is ${escapeHtml(session.status)}.</strong> You can close this page.</p>`
    : `<form method="post" action="${escapeHtml(actionBase)}/confirm">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" value="${escapeHtml(email)}" readonly autocomplete="email">
  <label for="card">Card</label>
  <input id="card" name="card" type="text" value="4242 4242 4242 4242 (test card)" readonly>
  <div class="actions">
    <button type="submit" class="primary">Confirm subscription</button>
    <button type="submit" class="secondary" formaction="${escapeHtml(actionBase)}/cancel">Cancel</button>
  </div>
</form>`
}
<p class="note muted">This page stands in for Stripe Checkout on the local stack. Nothing is charged.</p>`;
  return page(`Checkout · ${planName}`, body);
};

export const renderNotFound = (detail = 'This checkout session does not exist.') =>
  page('Checkout not found', `<h1>Checkout not available</h1><p>${escapeHtml(detail)}</p>`);
