'use client';

import { $fetch } from 'ofetch';
import {
  EmailAuthProvider,
  reauthenticateWithCredential,
  signOut,
  updatePassword,
  updateProfile,
  verifyBeforeUpdateEmail,
  type Auth,
  type User,
} from 'firebase/auth';
import { assertPasswordLength } from '@/lib/auth/password';

/** The signed-in Firebase user, or the spec's 'No user is currently signed in' (§5). */
export async function currentUser(auth: Auth): Promise<User> {
  await auth.authStateReady();
  if (!auth.currentUser)
    throw Object.assign(new Error('No user is currently signed in'), { code: 'auth/no-current-user' });
  return auth.currentUser;
}

/** Re-authenticates with the current password first, as the provider wants for sensitive changes. */
async function reauthenticate(user: User, password: string) {
  if (!user.email) throw Object.assign(new Error('no e-mail'), { code: 'auth/requires-recent-login' });
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
}

/**
 * Changes the password. The provider then revokes every earlier sign-in; signing in again with the new
 * password gives this browser a token that the server accepts for renewing its session.
 */
export async function changePassword(auth: Auth, currentPassword: string, newPassword: string) {
  assertPasswordLength(newPassword);
  const user = await currentUser(auth);
  await reauthenticate(user, currentPassword);
  await updatePassword(user, newPassword);
  await reauthenticate(user, newPassword);
  return user;
}

/** Sends a confirmation link to the new address; the address changes when it is followed. */
export async function changeEmail(auth: Auth, currentPassword: string, newEmail: string) {
  const user = await currentUser(auth);
  await reauthenticate(user, currentPassword);
  await verifyBeforeUpdateEmail(user, newEmail);
  return user;
}

export async function changeDisplayName(auth: Auth, displayName: string) {
  const user = await currentUser(auth);
  await updateProfile(user, { displayName: displayName.trim() || null });
  return user;
}

/**
 * Deletes the account: after re-authentication the server deletes the provider's account and every row
 * the user owns, and ends the session; then the browser forgets the user.
 */
export async function deleteAccount(auth: Auth, currentPassword: string) {
  const user = await currentUser(auth);
  await reauthenticate(user, currentPassword);
  await $fetch('/api/account', { method: 'DELETE', body: { idToken: await user.getIdToken(true) } });
  await signOut(auth);
}
