/**
 * The identity provider's error codes (spec §8) mapped to the client codes whose texts live in the
 * message catalogues under `Auth.errors`. Several Firebase codes share one client code.
 */
export const AUTH_ERROR_CODES = {
  'auth/wrong-password': 'wrongPassword',
  'auth/missing-password': 'missingPassword',
  'auth/invalid-credential': 'invalidCredential',
  'auth/invalid-login-credentials': 'invalidCredential',
  'auth/email-already-in-use': 'emailInUse',
  'auth/user-not-found': 'userNotFound',
  'auth/too-many-requests': 'tooManyRequests',
  'auth/expired-action-code': 'expiredActionCode',
  'auth/invalid-action-code': 'invalidActionCode',
  'auth/requires-recent-login': 'requiresRecentLogin',
  'auth/invalid-user-token': 'invalidUserToken',
  'auth/user-token-expired': 'userTokenExpired',
  'auth/password-does-not-meet-requirements': 'passwordRequirements',
  'auth/weak-password': 'passwordRequirements',
  // Not the provider's: a new password over the forms' maximum (lib/auth/password.ts).
  'auth/password-too-long': 'passwordTooLong',
  'auth/invalid-verification-code': 'invalidVerificationCode',
  'auth/user-disabled': 'userDisabled',
  'auth/unauthorized-continue-uri': 'unauthorizedContinueUri',
  'auth/missing-recaptcha-token': 'captcha',
  'auth/invalid-recaptcha-token': 'captcha',
  'auth/captcha-check-failed': 'captcha',
  'auth/multi-factor-auth-required': 'multiFactorRequired',
  'auth/network-request-failed': 'networkRequestFailed',
  'auth/no-current-user': 'noCurrentUser',
  'auth/invalid-email': 'invalidEmail',
  'permission-denied': 'permissionDenied',
} as const;

export type AuthErrorKey = (typeof AUTH_ERROR_CODES)[keyof typeof AUTH_ERROR_CODES] | 'general';

/** The message key (under `Auth.errors`) for an error thrown by the Firebase SDK, or any error. */
export function authErrorKey(error: unknown): AuthErrorKey {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && code in AUTH_ERROR_CODES)
    return AUTH_ERROR_CODES[code as keyof typeof AUTH_ERROR_CODES];
  return 'general';
}

/** Not the provider's: the session's 24 hours since the sign-in are over (spec §4, §9). */
export const SESSION_EXPIRED = 'session/expired';

/** Firebase codes after which the session must end (spec §4: account disabled, user token expired). */
export const FORCED_SIGN_OUT_CODES: ReadonlySet<string> = new Set([
  'auth/user-disabled',
  'auth/user-token-expired',
  'auth/invalid-user-token',
]);
