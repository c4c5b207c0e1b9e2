'use client';

import { $fetch } from 'ofetch';
import { getIdTokenResult, signOut, type Auth, type User } from 'firebase/auth';
import { isSessionExpired } from '@/lib/session/expiry';
import { isLocale, type Locale } from '@/lib/i18n/routing';

/**
 * Exchanges the signed-in Firebase user for the server's session cookie; answers the interface language
 * the user saved in their settings, if any.
 */
export async function startServerSession(user: User): Promise<{ locale?: Locale }> {
  const idToken = await user.getIdToken();
  const { locale } = await $fetch<{ locale?: unknown }>('/api/session', { method: 'POST', body: { idToken } });
  return isLocale(locale) ? { locale } : {};
}

/** Updates the server session after the user changed their account (name, e-mail, verification). */
export async function refreshServerSession(user: User): Promise<void> {
  const idToken = await user.getIdToken(true);
  await $fetch('/api/session', { method: 'POST', body: { idToken, refresh: true } });
}

/** Ends the server session (the cookie), whatever the state of the Firebase user. */
export async function endServerSession(): Promise<void> {
  await $fetch('/api/session', { method: 'DELETE' });
}

/**
 * Signs out the browser's Firebase user when its sign-in is more than 24 hours old: no session can
 * start from it any more, so the user enters their password again. True when it did. Offline, or
 * without a user, nothing happens (the sign-in form works either way).
 */
export async function signOutExpiredUser(auth: Auth): Promise<boolean> {
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) return false;
  try {
    const { authTime } = await getIdTokenResult(user);
    if (!isSessionExpired(new Date(authTime).toISOString())) return false;
  } catch {
    return false;
  }
  // Meanwhile the user may have signed in anew on this page: that sign-in stays.
  if (auth.currentUser !== user) return false;
  await signOut(auth);
  return true;
}

let intendedSignOut = false;

/**
 * Runs `work` (a sign-out or an account deletion) with the coming Firebase sign-out marked as the
 * user's own, not one forced by the provider. When `work` fails the mark is taken back, so a later
 * sign-out by the provider is still treated as forced.
 */
export async function withIntendedSignOut<T>(work: () => Promise<T>): Promise<T> {
  intendedSignOut = true;
  try {
    return await work();
  } catch (error) {
    intendedSignOut = false;
    throw error;
  }
}

export function isIntendedSignOut() {
  return intendedSignOut;
}
