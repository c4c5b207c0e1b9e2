// A fresh Firebase Auth emulator for the integration tests, and their database; the settings reach the
// test workers through the environment (firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST itself).
import { startAuthEmulator } from '../../scripts/auth-emulator.mjs';

export default async function globalSetup() {
  const emulator = await startAuthEmulator();
  globalThis.__authEmulator = emulator;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  process.env.FIREBASE_PROJECT_ID = emulator.projectId;
  process.env.SESSION_SECRET = 'integration-tests-secret-0123456789abcdef';
  // Chat streams send their heartbeat comment quickly enough for a test to see one.
  process.env.CHAT_HEARTBEAT_MS = '300';
  // Webhook events in the tests are signed with this secret (stripe.webhooks.generateTestHeaderString).
  process.env.STRIPE_WEBHOOK_SECRET = 'whsec_integrationtests0123456789';
  // PGlite in memory (one database per test file) unless TEST_DATABASE_URL names a real PostgreSQL.
  if (process.env.TEST_DATABASE_URL) process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  else {
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DATA_DIR = 'memory://';
  }
}
