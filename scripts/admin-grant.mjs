// npm run admin:grant -- <email> [--revoke]
// Grants (or with --revoke withdraws) the support-staff role: the Firebase custom claim `admin: true`.
// Local mode: talks to the Auth emulator of a running `npm start` (its host is kept in
// .data/auth-emulator.host), or starts one on the stored accounts when the app is not running.
// Real project: FIREBASE_PROJECT_ID with FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY (or application
// default credentials). The user gets the role at their next sign-in.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cert, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { DEMO_PROJECT_ID, startAuthEmulator } from './auth-emulator.mjs';
import { IDENTITY_DEADLINE_MS, deadlineAgent, withinDeadline } from '../lib/firebase/deadline.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const revoke = args.includes('--revoke');
const email = args.find((arg) => !arg.startsWith('--'));
if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) {
  console.error('Usage: npm run admin:grant -- <email> [--revoke]');
  process.exit(2);
}

const projectId = process.env.FIREBASE_PROJECT_ID || DEMO_PROJECT_ID;
let emulator = null;
if (projectId.startsWith('demo-') && !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  const hostFile = join(root, '.data', 'auth-emulator.host');
  const running = existsSync(hostFile) ? readFileSync(hostFile, 'utf8').trim() : null;
  const reachable =
    running &&
    (await fetch(`http://${running}/`, { signal: AbortSignal.timeout(IDENTITY_DEADLINE_MS) }).then(
      (r) => r.ok,
      () => false,
    ));
  if (reachable) process.env.FIREBASE_AUTH_EMULATOR_HOST = running;
  else {
    emulator = await startAuthEmulator({
      dataDir: process.env.AUTH_EMULATOR_DATA_DIR || join(root, '.data', 'auth-emulator'),
    });
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  }
}

const { FIREBASE_CLIENT_EMAIL: clientEmail, FIREBASE_PRIVATE_KEY: privateKey } = process.env;
// Each call to the provider ends at the app's deadline (lib/firebase/deadline.mjs).
const google = deadlineAgent('https:');
const app = initializeApp({
  projectId,
  httpAgent: process.env.FIREBASE_AUTH_EMULATOR_HOST ? deadlineAgent('http:') : google,
  ...(clientEmail &&
    privateKey && {
      credential: cert({ projectId, clientEmail, privateKey: privateKey.replace(/\\n/g, '\n') }, google),
    }),
});

let code = 0;
try {
  const auth = getAuth(app);
  const user = await withinDeadline(auth.getUserByEmail(email));
  const claims = { ...(user.customClaims ?? {}) };
  if (revoke) delete claims.admin;
  else claims.admin = true;
  await withinDeadline(auth.setCustomUserClaims(user.uid, claims));
  console.log(
    `${revoke ? 'Withdrew' : 'Granted'} the admin role ${revoke ? 'from' : 'to'} ${email} (${user.uid}). It applies from their next sign-in.`,
  );
} catch (error) {
  console.error(
    error?.code === 'auth/user-not-found'
      ? `No account with the e-mail address ${email}.`
      : `Failed: ${error?.message ?? error}`,
  );
  code = 1;
} finally {
  await emulator?.stop();
}
process.exit(code);
