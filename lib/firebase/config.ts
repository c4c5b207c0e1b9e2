import 'server-only';
import { env } from '@/lib/env';

/** What the browser needs to start the Firebase JS SDK (public values only). */
export type ClientFirebaseConfig = {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** The Auth emulator's URL in local mode; null with a real project. */
  emulatorUrl: string | null;
  /** "Continue with Google" is offered (with a real project, the provider must be enabled in it). */
  google: boolean;
};

export function clientFirebaseConfig(): ClientFirebaseConfig {
  const { apiKey, authDomain, projectId, mode, emulatorHost, googleSignIn } = env.firebase;
  return {
    apiKey,
    authDomain,
    projectId,
    emulatorUrl: mode === 'emulator' && emulatorHost ? `http://${emulatorHost}` : null,
    google: googleSignIn,
  };
}
