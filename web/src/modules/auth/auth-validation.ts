import { email } from '#shared/schemas/common';

/** Client-side checks of the auth forms. The identity provider has the last word; these only save a round trip. */

export const PASSWORD_MIN_LENGTH = 8;

export type PasswordRule = 'length' | 'upper' | 'lower' | 'number' | 'symbol';

/** The password rules a value does not meet yet: min 8 characters, upper, lower, number, symbol. */
export const unmetPasswordRules = (password: string): PasswordRule[] => {
  const unmet: PasswordRule[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) unmet.push('length');
  if (!/[A-Z]/.test(password)) unmet.push('upper');
  if (!/[a-z]/.test(password)) unmet.push('lower');
  if (!/[0-9]/.test(password)) unmet.push('number');
  if (!/[^A-Za-z0-9]/.test(password)) unmet.push('symbol');
  return unmet;
};

/** The same email rule as the API's (shared schema). */
export const isEmail = (value: string): boolean => email.safeParse(value).success;

/** A 6-digit confirmation code, spaces tolerated. */
export const normaliseCode = (value: string): string => value.replace(/\s+/g, '');
export const isSixDigitCode = (value: string): boolean => /^\d{6}$/.test(normaliseCode(value));

/**
 * Where to go after sign-in: only a path on this origin (no scheme, no protocol-relative `//host`, no
 * backslash trick), never back to an auth page; otherwise the fallback.
 */
export const safeRedirect = (value: string | null | undefined, fallback = '/dashboard'): string => {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/^\/(signin|signup|confirm-email|forgot-password|reset-password)(\/|\?|#|$)/.test(value)) return fallback;
  return value;
};

/** `/signin?redirect=<full path>` for a location the user must return to. */
export const signInPathFor = (fullPath: string): string => `/signin?redirect=${encodeURIComponent(fullPath)}`;
