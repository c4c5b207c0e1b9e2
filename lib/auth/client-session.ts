'use client';

import { $fetch } from 'ofetch';
import type { User } from 'firebase/auth';

/** Exchanges the signed-in Firebase user for the server's session cookie. */
export async function startServerSession(user: User): Promise<void> {
  const idToken = await user.getIdToken();
  await $fetch('/api/session', { method: 'POST', body: { idToken } });
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
