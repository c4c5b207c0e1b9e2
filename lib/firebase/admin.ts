import 'server-only';
import { cert, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { env } from '@/lib/env';

function app(): App {
  const existing = getApps().find((candidate) => candidate.name === 'plauder');
  if (existing) return existing;
  const { projectId, serviceAccount } = env.firebase;
  return initializeApp(
    {
      projectId,
      ...(serviceAccount && {
        credential: cert({ projectId, clientEmail: serviceAccount.clientEmail, privateKey: serviceAccount.privateKey }),
      }),
    },
    'plauder',
  );
}

/**
 * firebase-admin's Auth. With a demo project it talks to the emulator named by
 * FIREBASE_AUTH_EMULATOR_HOST (read by firebase-admin itself); lib/env refuses that variable for a
 * real project, whose tokens are verified against Google's keys.
 */
export function adminAuth(): Auth {
  return getAuth(app());
}
