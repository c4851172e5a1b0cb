import type { TFunction } from 'i18next';
import { unmetPasswordRules } from '../auth-validation';

/** The password field's error: which rules are still unmet, or undefined when the password is acceptable. */
export const passwordErrorText = (t: TFunction, password: string): string | undefined => {
  const unmet = unmetPasswordRules(password);
  if (unmet.length === 0) return undefined;
  return t('auth.passwordMissing', { rules: unmet.map((rule) => t(`auth.passwordRules.${rule}`)).join(', ') });
};
