/** @jest-environment node */
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import { AUTH_ERROR_CODES, FORCED_SIGN_OUT_CODES, authErrorKey } from '@/lib/auth/errors';

// The identity errors of spec §8, as the Firebase SDK names them.
const CATALOGUE = [
  'auth/wrong-password',
  'auth/missing-password',
  'auth/invalid-credential',
  'auth/email-already-in-use',
  'auth/user-not-found',
  'auth/too-many-requests',
  'auth/expired-action-code',
  'auth/invalid-action-code',
  'auth/requires-recent-login',
  'auth/invalid-user-token',
  'auth/user-token-expired',
  'auth/password-does-not-meet-requirements',
  'auth/invalid-verification-code',
  'auth/user-disabled',
  'auth/unauthorized-continue-uri',
  'auth/missing-recaptcha-token',
  'auth/invalid-recaptcha-token',
  'auth/multi-factor-auth-required',
  'auth/network-request-failed',
  'permission-denied',
];

describe('identity error table', () => {
  it('maps every error of the catalogue to a client code', () => {
    for (const code of CATALOGUE) expect(authErrorKey({ code })).not.toBe('general');
  });

  it.each([
    ['en', en.Auth.errors],
    ['de', de.Auth.errors],
  ] as const)('has a message in %s for every client code', (_, messages) => {
    const keys = new Set([...Object.values(AUTH_ERROR_CODES), 'general']);
    for (const key of keys) expect((messages as Record<string, string>)[key]?.trim()).toBeTruthy();
  });

  it('says exactly the spec’s text when nobody is signed in', () => {
    expect(en.Auth.errors[authErrorKey({ code: 'auth/no-current-user' }) as 'noCurrentUser']).toBe(
      'No user is currently signed in',
    );
  });

  it('answers the general message for unknown or missing codes', () => {
    expect(authErrorKey({ code: 'auth/something-new' })).toBe('general');
    expect(authErrorKey(new Error('boom'))).toBe('general');
    expect(authErrorKey(null)).toBe('general');
  });

  it('ends the session for a disabled account or an expired user token', () => {
    expect(FORCED_SIGN_OUT_CODES.has('auth/user-disabled')).toBe(true);
    expect(FORCED_SIGN_OUT_CODES.has('auth/user-token-expired')).toBe(true);
    expect(FORCED_SIGN_OUT_CODES.has('auth/wrong-password')).toBe(false);
  });
});
