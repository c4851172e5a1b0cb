import type { ErrorCode } from '#shared/errors';

/** Where an identity-provider error happened; the same Cognito name can mean different things. */
export type AuthStep = 'signIn' | 'signUp' | 'confirmSignUp' | 'resetPassword' | 'confirmResetPassword';

/** A failed auth step, reduced to a catalogue code (translated in the UI) and the provider's own message. */
export type AuthFailure = { code: ErrorCode | undefined; message: string };

/**
 * Maps Cognito / Amplify error names to catalogue keys. cognito-local answers a wrong password with
 * InvalidPasswordException where AWS says NotAuthorizedException, so at sign-in both mean a wrong password.
 */
export const authErrorCode = (name: string | undefined, step: AuthStep): ErrorCode | undefined => {
  switch (name) {
    case 'UserNotFoundException':
      return 'auth/user-not-found';
    case 'NotAuthorizedException':
      return step === 'signIn' ? 'auth/wrong-password' : 'unauthorized';
    case 'InvalidPasswordException':
      return step === 'signIn' ? 'auth/wrong-password' : 'auth/invalid-password';
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return 'auth/email-already-in-use';
    case 'UserNotConfirmedException':
      return 'auth/user-not-confirmed';
    case 'CodeMismatchException':
    case 'ExpiredCodeException':
      return 'auth/invalid-code';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
    case 'CodeDeliveryFailureException':
      return 'auth/too-many-requests';
    case 'InvalidParameterException':
      return step === 'signUp' || step === 'confirmResetPassword' ? 'auth/invalid-password' : 'bad_request';
    default:
      return undefined;
  }
};

export const toAuthFailure = (error: unknown, step: AuthStep): AuthFailure => {
  const name = error && typeof error === 'object' && 'name' in error ? String(error.name) : undefined;
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
  return { code: authErrorCode(name, step), message };
};
