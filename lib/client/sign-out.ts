'use client';

import { $fetch } from 'ofetch';
import { signOut } from 'firebase/auth';
import { firebaseAuth } from '@/lib/firebase/client';
import type { ClientFirebaseConfig } from '@/lib/firebase/config';
import { endServerSession, withIntendedSignOut } from './session';

/**
 * Signs the browser's Firebase user out and ends the server session. A prerendered page has no Firebase
 * config (the local emulator's address is known only at run time): it asks the server for it.
 */
export async function signOutEverywhere(locale: string, config?: ClientFirebaseConfig): Promise<void> {
  const web = config ?? (await $fetch<ClientFirebaseConfig>('/api/firebase/config'));
  await withIntendedSignOut(() => Promise.all([signOut(firebaseAuth(web, locale)), endServerSession()]));
}
