import type { ErrorCode } from '#shared/errors';
import { translateError } from '../../i18n';
import { useSubmit, type UseSubmitOptions } from '../../ui/use-submit';
import { AuthActionError } from './auth-service';

export type UseAuthSubmitOptions = Omit<UseSubmitOptions, 'describeError'> & {
  /** Failures that are a next step rather than an error (an unconfirmed account): the handler runs, no message. */
  recover?: Partial<Record<ErrorCode, () => void>>;
};

/** Anything else thrown still reaches the user, in the provider's words. */
const asAuthFailure = (caught: unknown) =>
  caught instanceof AuthActionError ? caught : new AuthActionError({ code: undefined, message: String(caught) });

/** useSubmit for the auth forms: a failure shows the catalogue's message for its code. */
export const useAuthSubmit = ({ recover, ...options }: UseAuthSubmitOptions) =>
  useSubmit({
    ...options,
    describeError: (caught) => {
      const failure = asAuthFailure(caught);
      const next = failure.code && recover?.[failure.code];
      if (!next) return translateError(failure.code, failure.message);
      next();
      return undefined;
    },
  });
