import { useState } from 'react';

export type UseSubmitOptions = {
  /** Runs after `submitted` is set, so the fields already show their errors; false stops the submission there. */
  validate?: () => boolean;
  /** The work of the form, success callbacks included; a throw is a failure. */
  action: () => Promise<void>;
  /**
   * The form-level message for a failure, or undefined when the caller dealt with it (moved on, notified). A throw
   * from here lets the failure escape the form, as a bug should.
   */
  describeError: (caught: unknown) => string | undefined;
};

export type SubmitState = {
  /** A submission was tried: from now on the fields show what is wrong with them. */
  submitted: boolean;
  loading: boolean;
  /** The form-level message of the last failure. */
  error: string | undefined;
  submit: () => Promise<void>;
  /** Shows a failure of a side action (such as "resend code") where a failed submission would show. */
  fail: (caught: unknown) => void;
  clearError: () => void;
  /** Shows the field errors without submitting, for a side action that needs valid fields too. */
  markSubmitted: () => void;
  /** Back to untouched, for a form that stays on the page after success. */
  reset: () => void;
};

/**
 * The state every submit form repeats: field errors only after the first try, a spinner while the action runs,
 * and one form-level message per failure (cleared when the user tries again).
 */
export const useSubmit = ({ validate, action, describeError }: UseSubmitOptions): SubmitState => {
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async () => {
    setSubmitted(true);
    setError(undefined);
    if (validate && !validate()) return;
    setLoading(true);
    try {
      await action();
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setLoading(false);
    }
  };

  return {
    submitted,
    loading,
    error,
    submit,
    fail: (caught) => setError(describeError(caught)),
    clearError: () => setError(undefined),
    markSubmitted: () => setSubmitted(true),
    reset: () => {
      setSubmitted(false);
      setError(undefined);
    },
  };
};
