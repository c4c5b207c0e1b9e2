import 'server-only';
import { env } from '@/lib/env';

/** What the browser needs to start the Firebase JS SDK (public values only). */
export type ClientFirebaseConfig = {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** The Auth emulator's URL in local mode; null with a real project. */
  emulatorUrl: string | null;
};

export function clientFirebaseConfig(): ClientFirebaseConfig {
  const { apiKey, authDomain, projectId, mode, emulatorHost } = env.firebase;
  return { apiKey, authDomain, projectId, emulatorUrl: mode === 'emulator' && emulatorHost ? `http://${emulatorHost}` : null };
}
