import 'server-only';
import { applicationDefault, cert, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { env } from '@/lib/env';
import { IdentityUnavailable, markIdentityDown, markIdentityUp } from './availability';
import { DEADLINE_CODE, deadlineAgent, withinDeadline } from './deadline.mjs';

function app(): App {
  const existing = getApps().find((candidate) => candidate.name === 'plauder');
  if (existing) return existing;
  const { projectId, mode, serviceAccount } = env.firebase;
  // Every exchange with the provider ends at the deadline: its API (the emulator's over http), Google's keys
  // that verify ID tokens, and the OAuth tokens of the credential.
  const google = deadlineAgent('https:');
  const credential = serviceAccount
    ? cert({ projectId, clientEmail: serviceAccount.clientEmail, privateKey: serviceAccount.privateKey }, google)
    : mode === 'project'
      ? applicationDefault(google)
      : undefined;
  return initializeApp(
    { projectId, httpAgent: mode === 'emulator' ? deadlineAgent('http:') : google, ...(credential && { credential }) },
    'plauder',
  );
}

/**
 * firebase-admin's Auth. With a demo project it talks to the emulator named by
 * FIREBASE_AUTH_EMULATOR_HOST (read by firebase-admin itself); lib/env refuses that variable for a
 * real project, whose tokens are verified against Google's keys. The app calls it through callIdentityProvider.
 */
export function adminAuth(): Auth {
  return getAuth(app());
}

// firebase-admin's codes for a request that got no answer in time or no connection, and for a failure on the
// provider's side.
const UNREACHABLE_CODES = new Set(['app/network-error', 'app/network-timeout', 'auth/internal-error']);

function unreachable(error: unknown): boolean {
  const { code, errorInfo, message } = (error ?? {}) as {
    code?: unknown;
    errorInfo?: { code?: unknown };
    message?: unknown;
  };
  if (code === DEADLINE_CODE || UNREACHABLE_CODES.has(String(errorInfo?.code ?? code))) return true;
  // A failed fetch of Google's keys or of an OAuth token comes wrapped in another code, with this text.
  return typeof message === 'string' && message.includes('Error while making request');
}

/**
 * Runs `call` on firebase-admin's Auth within IDENTITY_DEADLINE_MS (one deadline for all of its requests).
 * A provider that cannot be asked fails it with IdentityUnavailable (the translated 503, Retry-After) and is
 * marked down for the dashboard pages; any answer of the provider, an error too, is the call's own.
 */
export async function callIdentityProvider<T>(call: (auth: Auth) => Promise<T>): Promise<T> {
  try {
    const answer = await withinDeadline(call(adminAuth()));
    markIdentityUp();
    return answer;
  } catch (error) {
    if (!unreachable(error)) {
      markIdentityUp();
      throw error;
    }
    markIdentityDown();
    // One line naming what failed: anyone can cause it while the provider is away.
    console.error(`identity provider unavailable: ${(error as Error).message}`);
    throw new IdentityUnavailable();
  }
}
