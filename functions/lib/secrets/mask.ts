/**
 * The hint an API shows instead of a secret: its last four characters behind a mask (`••••abcd`), and nothing of
 * a secret shorter than 12 characters, where four would be a third of it.
 */
export const maskSecret = (secret: string): string => {
  if (!secret) return '';
  return secret.length >= 12 ? `••••${secret.slice(-4)}` : '••••';
};

/** A hint for each string field of a secrets object (the integration view's `secret_hint`). */
export const secretHints = (values: Readonly<Record<string, unknown>>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).flatMap(([name, value]) => (typeof value === 'string' && value ? [[name, maskSecret(value)]] : [])));
