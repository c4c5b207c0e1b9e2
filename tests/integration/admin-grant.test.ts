import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { adminAuth } from '@/lib/firebase/admin';
import { signUp, uniqueEmail } from './emulator';

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
});
