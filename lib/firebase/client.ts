'use client';

import { getApp, getApps, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import type { ClientFirebaseConfig } from './config';

/**
 * The Firebase Auth instance of this page, in the page's language (so that the e-mails the provider
 * sends come in it). Token refresh, timeouts and retries are the SDK's own.
 */
export function firebaseAuth(config: ClientFirebaseConfig, locale: string): Auth {
  const app = getApps().length
    ? getApp()
    : initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
  const auth = getAuth(app);
  if (config.emulatorUrl && !auth.emulatorConfig)
    connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  auth.languageCode = locale;
  return auth;
}
