/** An amount in cents as the app shows money (spec 9: currency symbol $): 9900 → "$99.00". */
export const formatCents = (cents: number, currency = 'usd'): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), currencyDisplay: 'narrowSymbol' }).format(
    cents / 100,
  );
