import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { adminAuth } from '@/lib/firebase/admin';
import { IDENTITY_DEADLINE_MS } from '@/lib/firebase/deadline.mjs';
import { signUp, uniqueEmail } from './emulator';
import { startSilentProvider } from '../support/silent-provider';

const run = promisify(execFile);
const grant = (...args: string[]) => run(process.execPath, ['scripts/admin-grant.mjs', ...args], { env: process.env });

describe('npm run admin:grant', () => {
  it('grants and withdraws the admin claim, keeping other claims', async () => {
    const email = uniqueEmail('grant');
    const { uid } = await signUp(email);
    await adminAuth().setCustomUserClaims(uid, { plan: 'business' });
    const granted = await grant(email);
    expect(granted.stdout).toContain(`Granted the admin role to ${email}`);
    expect((await adminAuth().getUser(uid)).customClaims).toEqual({ plan: 'business', admin: true });
    await grant(email, '--revoke');
    expect((await adminAuth().getUser(uid)).customClaims).toEqual({ plan: 'business' });
  });

  it('fails with a clear message for an unknown address or no address', async () => {
    await expect(grant('nobody-here@example.com')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account with the e-mail address nobody-here@example.com'),
    });
    await expect(grant()).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run admin:grant'),
    });
  });

  it('gives up with a message when the identity provider does not answer within the deadline', async () => {
    const email = uniqueEmail('grant-silent');
    await signUp(email);
    const provider = await startSilentProvider(process.env.FIREBASE_AUTH_EMULATOR_HOST!);
    provider.silence();
    try {
      const silent = run(process.execPath, ['scripts/admin-grant.mjs', email], {
        env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: provider.host },
        // Generous: a CLI that hangs is stopped (and fails the test) instead of stalling it.
        timeout: 3 * IDENTITY_DEADLINE_MS,
      });
      await expect(silent).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(`no answer from the identity provider within ${IDENTITY_DEADLINE_MS} ms`),
      });
    } finally {
      await provider.stop();
    }
  });
});
