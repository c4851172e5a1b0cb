import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { en } from './en';
import { errorMessages } from './errors';

export const resources = { en: { translation: { ...en, errors: errorMessages } } } as const;

/** Starts i18next synchronously (resources are bundled), so the first render already has its strings. */
export const initI18n = () =>
  i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources,
    // '/' appears in catalogue keys (auth/…); keep '.' for nesting only and disable namespaces-in-keys.
    nsSeparator: false,
    // The default, named: i18next then skips guessing whether each key is natural language (a regular expression
    // built per t() call, ≈10 ms over a first render of /tasks).
    keySeparator: '.',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** The translated text of an error code, or the server's own message when the code is unknown here. */
export const translateError = (code: string | undefined, fallback: string): string => {
  if (!code) return fallback;
  const key = `errors.${code}`;
  return i18next.exists(key) ? String(i18next.t(key as never)) : fallback;
};

export { i18next };

/** What to tell the user about a failure: an API error in the catalogue's words, anything else as the generic text. */
export const errorText = (caught: unknown): string =>
  isApiError(caught) ? translateError(caught.code, caught.message) : translateError('internal_error', String(caught));
